import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROSTER_MESSAGES, type RosterRowDto, type RosterUploadDetailDto } from '@shared/schemas/roster';
import { renderAt } from '@web/test/render';
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

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

// Issue 37 item 1: the admin sees every refused row with its reason before anything is sent.
describe('RosterTab', () => {
  it('sends a pasted list as text/csv and shows each refused row with its reason and the download', async () => {
    let posted: Blob | null = null;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') {
        posted = init.body as Blob;
        return json(UPLOAD, 201);
      }
      if (url.endsWith('/roster-uploads')) return json({ items: posted ? [UPLOAD] : [] });
      return json(UPLOAD);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/x', <RosterTab hospitalId={HOSPITAL_ID} />);
    expect(await screen.findByText('No roster has been uploaded yet.')).toBeTruthy();

    const user = userEvent.setup();
    const check = screen.getByRole('button', { name: /Check the roster/ });
    expect((check as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Or paste the list'), 'NPI,Email{Enter}1053975268,ada@example.org');
    await user.click(check);

    expect(await screen.findByRole('heading', { name: 'Refused rows (2)' })).toBeTruthy();
    expect(posted!.type).toBe('text/csv;charset=utf-8');
    expect(posted!.size).toBe('NPI,Email\n1053975268,ada@example.org'.length);
    expect(screen.getByText(ROSTER_MESSAGES.npiCheckDigit)).toBeTruthy();
    expect(screen.getByText(ROSTER_MESSAGES.organization)).toBeTruthy();
    expect(screen.getByText('Line 3')).toBeTruthy();
    expect(screen.getByText(/No one\s+has been contacted/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Download refused rows/ }).getAttribute('href')).toBe(`/api/admin/hospitals/${HOSPITAL_ID}/roster-uploads/${UPLOAD_ID}/refused.csv`);
    expect(screen.getByText('Accepted, waiting (1)')).toBeTruthy();
    // The list of uploads is read again and names the new one.
    await waitFor(() => expect(screen.getByText(/1 accepted · 2 refused · checked/).textContent).toMatch(/1 accepted · 2 refused · checked/));
  });

  // Issue 37 items 2–3: the admin starts pre-filling and watches the progress without a reload.
  it('starts pre-filling, polls the progress bar to 100 % and shows each person’s state', async () => {
    const drafted = { ...UPLOAD, status: 'drafted' as const, rows: UPLOAD.rows.map((r) => (r.state === 'refused' ? r : { ...r, state: 'drafted' as const, outcome: 'created' as const, userId: 'u1', profileName: 'Kelsey Sprang' })) };
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
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/drafting') && init?.method === 'POST') {
        started = true;
        return json(progressOf('drafting', 0), 202);
      }
      if (url.endsWith('/progress')) {
        if (!started) return json(progressOf('checked', 0));
        polls += 1;
        return json(polls < 2 ? progressOf('drafting', 0) : progressOf('drafted', 1));
      }
      if (url.endsWith('/roster-uploads')) return json({ items: [started && polls >= 2 ? drafted : UPLOAD] });
      return json(started && polls >= 2 ? drafted : UPLOAD);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/x', <RosterTab hospitalId={HOSPITAL_ID} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Show rows/ }));
    await user.click(await screen.findByRole('button', { name: /Start pre-filling 1 profile/ }));
    expect(fetchMock.mock.calls.some(([input, init]) => String(input).endsWith(`/${UPLOAD_ID}/drafting`) && init?.method === 'POST')).toBe(true);
    expect((await screen.findByRole('progressbar', { name: 'Pre-filling progress' })).getAttribute('aria-valuenow')).toBe('0');
    // Polled while drafting, until the job is done; then the rows are read again.
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Pre-filling progress' }).getAttribute('aria-valuenow')).toBe('100'), { timeout: 8_000 });
    expect(screen.getByText(/1 of 1 done \(100 %\)/).textContent).toMatch(/1 of 1 done \(100 %\)/);
    expect((await screen.findByText('Draft ready')).textContent).toBe('Draft ready');
    expect(screen.getByText('Kelsey Sprang').textContent).toBe('Kelsey Sprang');
  }, 15_000);

  it('offers to resume a pre-filling whose job ran out of retries, with why', async () => {
    const drafting = { ...UPLOAD, status: 'drafting' as const };
    let resumed = false;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/drafting') && init?.method === 'POST') {
        resumed = true;
        return json({ uploadId: UPLOAD_ID, status: 'drafting', total: 1, waiting: 1, drafting: 0, drafted: 0, failed: 0, done: 0, startedAt: null, finishedAt: null, job: null }, 202);
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
      if (url.endsWith('/roster-uploads')) return json({ items: [drafting] });
      return json(drafting);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/x', <RosterTab hospitalId={HOSPITAL_ID} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Show rows/ }));
    expect((await screen.findByText('Pre-filling stopped')).textContent).toBe('Pre-filling stopped');
    expect(screen.getByText(/after 10 attempts: The NPI registry is not responding/).textContent).toMatch(/after 10 attempts: The NPI registry is not responding/);
    await user.click(screen.getByRole('button', { name: /Resume pre-filling/ }));
    await waitFor(() => expect(resumed).toBe(true));
  });
});
