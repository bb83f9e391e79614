import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROSTER_MESSAGES, type RosterRowDto, type RosterUploadDetailDto } from '@shared/schemas/roster';
import type { RosterPeoplePageDto, RosterPersonDto } from '@shared/schemas/roster-people';
import { renderAt } from '@web/test/render';
import { json, type RecordedCall, serveApi } from '@web/test/api';
import { RosterTab } from './roster-tab';

const HOSPITAL_ID = '0b6f3c1e-8d2a-4c57-9a51-1f7e2d3c4b5a';
const UPLOAD_ID = '7d1e0c4a-2f3b-4a5c-8d9e-0f1a2b3c4d5e';

const row = (line: number, npi: string, email: string, refusalReason: string | null): RosterRowDto => ({
  id: `00000000-0000-4000-8000-00000000000${line}`,
  line,
  npi,
  email,
  name: null,
  department: null,
  location: null,
  specialty: null,
  state: refusalReason ? 'refused' : 'accepted_waiting',
  refusalReason,
  registryChecked: !refusalReason,
  userId: null,
  profileName: null,
  outcome: null,
  failureReason: null,
});

const UPLOAD: RosterUploadDetailDto = {
  id: UPLOAD_ID,
  hospitalId: HOSPITAL_ID,
  status: 'checked',
  totalRows: 3,
  acceptedRows: 1,
  refusedRows: 2,
  uploadedBy: null,
  createdAt: '2026-11-27T21:00:00.000Z',
  draftingStartedAt: null,
  draftingFinishedAt: null,
  rows: [
    row(2, '1053975268', 'ada@example.org', null),
    row(3, '1053975269', 'digit@example.org', ROSTER_MESSAGES.npiCheckDigit),
    row(4, '1467486373', 'org@example.org', ROSTER_MESSAGES.organization),
  ],
};

const person = (overrides: Partial<RosterPersonDto> & Pick<RosterPersonDto, 'id' | 'state'>): RosterPersonDto => ({
  uploadId: UPLOAD_ID,
  line: 2,
  npi: '1053975268',
  email: 'ada@example.org',
  name: null,
  profileName: null,
  specialty: null,
  department: null,
  failureReason: null,
  completion: null,
  invitedAt: null,
  openedAt: null,
  claimedAt: null,
  bouncedAt: null,
  bounceReason: null,
  unsubscribedAt: null,
  emailCount: 0,
  lastEmailAt: null,
  lastEmailKind: null,
  lastEmailStatus: null,
  ...overrides,
});

const peoplePage = (items: RosterPersonDto[], counts: RosterPeoplePageDto['counts'] = {}): RosterPeoplePageDto => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 50,
  counts,
});

interface Sent {
  method: string;
  /** The body as text (the CSV is sent as it is), parsed when JSON. */
  body: unknown;
  contentType: string | null;
}

/**
 * Declares every call the roster tab makes and answers each with `answer` (given the path with its
 * query and what was sent), the tests' in-memory roster server.
 */
function serveRoster(answer: (url: string, init: Sent) => Response) {
  const route = (call: RecordedCall) =>
    answer(`${call.path}${call.search.size > 0 ? `?${call.search}` : ''}`, {
      method: call.method,
      body: call.body,
      contentType: call.headers.get('Content-Type'),
    });
  const uploads = `/api/admin/hospitals/${HOSPITAL_ID}/roster-uploads`;
  const roster = `/api/admin/hospitals/${HOSPITAL_ID}/roster`;
  return serveApi({
    [uploads]: route,
    [`POST ${uploads}`]: route,
    [`${uploads}/:uploadId`]: route,
    [`${uploads}/:uploadId/progress`]: route,
    [`POST ${uploads}/:uploadId/drafting`]: route,
    [`POST ${uploads}/:uploadId/invitations`]: route,
    [`${roster}/people`]: route,
    [`POST ${roster}/reminders`]: route,
  });
}

// Issue 37 item 1: the admin sees every refused row with its reason before anything is sent.
describe('RosterTab', () => {
  it('sends a pasted list as text/csv and shows each refused row with its reason and the download', async () => {
    let posted: Sent | null = null;
    serveRoster((url, init) => {
      if (init.method === 'POST') {
        posted = init;
        return json(UPLOAD, 201);
      }
      if (url.includes('/roster/people')) return json(peoplePage([person({ id: 'p1', state: 'waiting' })], { waiting: 1 }));
      if (url.endsWith('/roster-uploads')) return json({ items: posted ? [UPLOAD] : [] });
      return json(UPLOAD);
    });
    renderAt('/x', <RosterTab hospitalId={HOSPITAL_ID} />);
    expect((await screen.findByText('No roster has been uploaded yet.')).textContent).toBe('No roster has been uploaded yet.');

    const user = userEvent.setup();
    const check = screen.getByRole('button', { name: /Check the roster/ });
    expect((check as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Or paste the list'), 'NPI,Email{Enter}1053975268,ada@example.org');
    await user.click(check);

    expect((await screen.findByRole('heading', { name: 'Refused rows (2)' })).textContent).toBe('Refused rows (2)');
    expect(posted!.contentType).toBe('text/csv;charset=utf-8');
    expect(posted!.body).toBe('NPI,Email\n1053975268,ada@example.org');
    expect(screen.getByText(ROSTER_MESSAGES.npiCheckDigit).textContent).toBe(ROSTER_MESSAGES.npiCheckDigit);
    expect(screen.getByText(ROSTER_MESSAGES.organization).textContent).toBe(ROSTER_MESSAGES.organization);
    expect(screen.getByText('Line 3').textContent).toBe('Line 3');
    expect(screen.getByText(/No one\s+has been contacted/).textContent).toMatch(/No one\s+has been contacted/);
    expect(screen.getByRole('link', { name: /Download refused rows/ }).getAttribute('href')).toBe(
      `/api/admin/hospitals/${HOSPITAL_ID}/roster-uploads/${UPLOAD_ID}/refused.csv`,
    );
    expect((await screen.findByRole('heading', { name: 'People (1)' })).textContent).toBe('People (1)');
    expect((await screen.findByText('Waiting to be pre-filled')).textContent).toBe('Waiting to be pre-filled');
    // The list of uploads is read again and names the new one.
    await waitFor(() => expect(screen.getByText(/1 accepted · 2 refused · checked/).textContent).toMatch(/1 accepted · 2 refused · checked/));
  });

  // Issue 37 items 2–3: the admin starts pre-filling and watches the progress without a reload.
  it('starts pre-filling, polls the progress bar to 100 % and shows each person’s state', async () => {
    const drafted = {
      ...UPLOAD,
      status: 'drafted' as const,
      rows: UPLOAD.rows.map((r) =>
        r.state === 'refused' ? r : { ...r, state: 'drafted' as const, outcome: 'created' as const, userId: 'u1', profileName: 'Kelsey Sprang' },
      ),
    };
    const progressOf = (status: 'checked' | 'drafting' | 'drafted', done: number) => ({
      uploadId: UPLOAD_ID,
      status,
      total: 1,
      waiting: 1 - done,
      drafting: 0,
      drafted: done,
      failed: 0,
      done,
      startedAt: null,
      finishedAt: null,
    });
    let started = false;
    let polls = 0;
    const api = serveRoster((url, init) => {
      if (url.endsWith('/drafting') && init.method === 'POST') {
        started = true;
        return json(progressOf('drafting', 0), 202);
      }
      if (url.endsWith('/progress')) {
        if (!started) return json(progressOf('checked', 0));
        polls += 1;
        return json(polls < 2 ? progressOf('drafting', 0) : progressOf('drafted', 1));
      }
      if (url.includes('/roster/people')) {
        const done = started && polls >= 2;
        return json(peoplePage([person({ id: 'p1', state: done ? 'draft_ready' : 'waiting', profileName: done ? 'Kelsey Sprang' : null })]));
      }
      if (url.endsWith('/roster-uploads')) return json({ items: [started && polls >= 2 ? drafted : UPLOAD] });
      return json(started && polls >= 2 ? drafted : UPLOAD);
    });
    renderAt('/x', <RosterTab hospitalId={HOSPITAL_ID} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Show rows/ }));
    await user.click(await screen.findByRole('button', { name: /Start pre-filling 1 profile/ }));
    expect(api.calls.some((call) => call.path.endsWith(`/${UPLOAD_ID}/drafting`) && call.method === 'POST')).toBe(true);
    expect((await screen.findByRole('progressbar', { name: 'Pre-filling progress' })).getAttribute('aria-valuenow')).toBe('0');
    // Polled while drafting, until the job is done; then the rows are read again.
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Pre-filling progress' }).getAttribute('aria-valuenow')).toBe('100'), {
      timeout: 8_000,
    });
    expect(screen.getByText(/1 of 1 done \(100 %\)/).textContent).toMatch(/1 of 1 done \(100 %\)/);
    expect((await screen.findByText('Draft ready, not invited')).textContent).toBe('Draft ready, not invited');
    expect(screen.getByText('Kelsey Sprang').textContent).toBe('Kelsey Sprang');
  }, 15_000);

  it('offers to resume a pre-filling whose job ran out of retries, with why', async () => {
    const drafting = { ...UPLOAD, status: 'drafting' as const };
    let resumed = false;
    serveRoster((url, init) => {
      if (url.endsWith('/drafting') && init.method === 'POST') {
        resumed = true;
        return json(
          {
            uploadId: UPLOAD_ID,
            status: 'drafting',
            total: 1,
            waiting: 1,
            drafting: 0,
            drafted: 0,
            failed: 0,
            done: 0,
            startedAt: null,
            finishedAt: null,
            job: null,
          },
          202,
        );
      }
      if (url.endsWith('/progress')) {
        return json({
          uploadId: UPLOAD_ID,
          status: 'drafting',
          total: 1,
          waiting: 1,
          drafting: 0,
          drafted: 0,
          failed: 0,
          done: 0,
          startedAt: null,
          finishedAt: null,
          job: resumed ? null : { status: 'failed', attempts: 10, lastError: 'The NPI registry is not responding.', runAt: '2026-11-28T00:00:00.000Z' },
        });
      }
      if (url.includes('/roster/people')) return json(peoplePage([person({ id: 'p1', state: 'waiting' })]));
      if (url.endsWith('/roster-uploads')) return json({ items: [drafting] });
      return json(drafting);
    });
    renderAt('/x', <RosterTab hospitalId={HOSPITAL_ID} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Show rows/ }));
    expect((await screen.findByText('Pre-filling stopped')).textContent).toBe('Pre-filling stopped');
    expect(screen.getByText(/after 10 attempts: The NPI registry is not responding/).textContent).toMatch(
      /after 10 attempts: The NPI registry is not responding/,
    );
    await user.click(screen.getByRole('button', { name: /Resume pre-filling/ }));
    await waitFor(() => expect(resumed).toBe(true));
  });

  // Issue 37 items 3 and 5: the People list's filters, sort and search go to the server; the export
  // link carries the same view; chosen people get a reminder, and the refused ones say why.
  it('filters, searches and sorts the people on the server, exports the same view and sends a reminder to the chosen', async () => {
    const drafted = {
      ...UPLOAD,
      status: 'drafted' as const,
      rows: UPLOAD.rows.map((r) => (r.state === 'refused' ? r : { ...r, state: 'drafted' as const, outcome: 'created' as const })),
    };
    const barnes = person({
      id: 'p1',
      state: 'opened',
      profileName: 'Anthony Barnes',
      emailCount: 2,
      lastEmailAt: '2026-11-27T21:00:00.000Z',
      lastEmailKind: 'reminder',
      lastEmailStatus: 'sent',
      completion: 40,
    });
    const cooper = person({ id: 'p2', state: 'published', profileName: 'Joy Cooper', npi: '1932510609', email: 'joy@example.org', completion: 100 });
    const peopleUrls: URL[] = [];
    let reminded: unknown = null;
    serveRoster((url, init) => {
      if (url.endsWith('/roster/reminders') && init.method === 'POST') {
        reminded = init.body;
        return json({ sent: 1, refused: [{ rowId: 'p2', name: 'Joy Cooper', reason: 'Already claimed and published: nothing to remind' }] });
      }
      if (url.includes('/roster/people')) {
        const parsed = new URL(url, 'http://localhost');
        peopleUrls.push(parsed);
        const state = parsed.searchParams.get('state');
        const items = [barnes, cooper].filter((p) => !state || p.state === state);
        return json(peoplePage(items, { opened: 1, published: 1 }));
      }
      if (url.endsWith('/progress'))
        return json({
          uploadId: UPLOAD_ID,
          status: 'drafted',
          total: 1,
          waiting: 0,
          drafting: 0,
          drafted: 1,
          failed: 0,
          done: 1,
          startedAt: null,
          finishedAt: null,
          job: null,
        });
      if (url.endsWith('/roster-uploads')) return json({ items: [drafted] });
      return json(drafted);
    });
    renderAt('/x', <RosterTab hospitalId={HOSPITAL_ID} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Show rows/ }));

    // Each person's state in words, with their e-mails and completion.
    expect((await screen.findByText('Opened the invitation')).textContent).toBe('Opened the invitation');
    expect(screen.getByText('Published').textContent).toBe('Published');
    expect(screen.getByText(/2 e-mails · last: reminder/).textContent).toMatch(/40 % complete$/);
    expect(peopleUrls[0]!.searchParams.get('uploadId')).toBe(UPLOAD_ID);

    // The state filter lists the states present with their counts and asks the server.
    const stateSelect = screen.getByLabelText('State') as HTMLSelectElement;
    expect([...stateSelect.options].map((o) => o.textContent)).toEqual(['Everyone (2)', 'Opened the invitation (1)', 'Published (1)']);
    await user.selectOptions(stateSelect, 'published');
    await waitFor(() => expect(peopleUrls.at(-1)!.searchParams.get('state')).toBe('published'));
    await waitFor(() => expect(screen.queryByText('Anthony Barnes')).toBeNull());
    await user.selectOptions(stateSelect, '');

    // Sort and direction, then the search (sent once typing pauses).
    await user.selectOptions(screen.getByLabelText('Sort by'), 'last_email');
    await user.click(screen.getByRole('button', { name: /Ascending order/ }));
    await user.type(screen.getByLabelText('Search'), 'barnes');
    await waitFor(() => expect(peopleUrls.at(-1)!.searchParams.get('q')).toBe('barnes'));
    const last = peopleUrls.at(-1)!;
    expect([last.searchParams.get('sort'), last.searchParams.get('dir'), last.searchParams.get('state'), last.searchParams.get('page')]).toEqual([
      'last_email',
      'desc',
      null,
      '1',
    ]);

    // The export link is the same view, every page.
    const exportLink = screen.getByRole('link', { name: /Export this view/ });
    const href = new URL(exportLink.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe(`/api/admin/hospitals/${HOSPITAL_ID}/roster/people.csv`);
    expect(Object.fromEntries(href.searchParams)).toEqual({ uploadId: UPLOAD_ID, q: 'barnes', sort: 'last_email', dir: 'desc' });

    // Choose two people and send a reminder: the refused one says why.
    const send = screen.getByRole('button', { name: /Send a reminder/ }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Choose Anthony Barnes' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose Joy Cooper' }));
    expect(screen.getByText('2 chosen').textContent).toBe('2 chosen');
    await user.click(send);
    await waitFor(() => expect(reminded).toEqual({ rowIds: ['p1', 'p2'] }));
    expect((await screen.findByText('1 reminder sent')).textContent).toBe('1 reminder sent');
    expect(screen.getByText('Joy Cooper: Already claimed and published: nothing to remind').textContent).toBe(
      'Joy Cooper: Already claimed and published: nothing to remind',
    );
    expect(screen.getByText('0 chosen').textContent).toBe('0 chosen');
  }, 15_000);
});
