import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TermsImportDto } from '@shared/schemas/terms-import';
import { renderAt } from '@web/test/render';
import { json, serveApi } from '@web/test/api';
import { TermsReplaceDialog } from './terms-replace-dialog';

const HOSPITAL = '0b6f3c1e-8d2a-4c57-9a51-1f7e2d3c4b5a';
const JOB = '7d1e0c4a-2f3b-4a5c-8d9e-0f1a2b3c4d5e';
const CSV = ['term_id,term', 'CON-1,First', 'CON-2,Second'].join('\n');

const job = (overrides: Partial<TermsImportDto>): TermsImportDto => ({
  jobId: JOB,
  hospitalId: HOSPITAL,
  fileName: 'northfield-terms.csv',
  status: 'queued',
  phase: 'waiting',
  total: null,
  checked: 0,
  created: null,
  message: null,
  errors: [],
  createdAt: '2026-11-28T07:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

/** The server: PUT answers `put`; each read of the import answers the next of `reads` (the last one repeats). */
function serve(put: Response, reads: TermsImportDto[]) {
  const terms = `/api/admin/hospitals/${HOSPITAL}/terms`;
  const api = serveApi({
    [`PUT ${terms}`]: put,
    [`${terms}/imports/${JOB}`]: () => ({ body: reads.length > 1 ? reads.shift() : reads[0] }),
    [terms]: { body: { items: [], totalCount: 0 } },
  });
  return () => api.calls.map((call) => ({ method: call.method, url: `${call.path}${call.search.size > 0 ? `?${call.search}` : ''}` }));
}

async function chooseAndSend() {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([CSV], 'northfield-terms.csv', { type: 'text/csv' })] } });
  expect((await screen.findByText(/2 terms will replace/)).textContent).toBe('2 terms will replace the current 5.');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Replace all terms' }));
}

// Issue 36: a large file is imported by a job; the dialog follows it to its result.
describe('TermsReplaceDialog', () => {
  it('follows a queued import: progress, then the count imported', async () => {
    const calls = serve(json(job({}), 202), [
      job({ status: 'running', phase: 'checking', total: 3_000, checked: 1_500 }),
      job({ status: 'done', phase: 'finished', total: 3_000, checked: 3_000, created: 3_000 }),
    ]);
    renderAt('/x', <TermsReplaceDialog scope={{ kind: 'hospital', hospitalId: HOSPITAL }} open onOpenChange={() => undefined} currentCount={5} />);
    await chooseAndSend();

    expect(calls().find((call) => call.method === 'PUT')!.url).toBe(`/api/admin/hospitals/${HOSPITAL}/terms?fileName=northfield-terms.csv`);
    expect((await screen.findByText('Checking every row…')).textContent).toBe('Checking every row…');
    expect(screen.getByText(/rows checked/).textContent).toBe('1,500 of 3,000 rows checked');
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('50');

    const finished = await screen.findByText('Import finished', {}, { timeout: 4_000 });
    expect(finished.parentElement!.textContent).toContain('Replaced the hospital’s terms with 3,000 from northfield-terms.csv.');
    expect((screen.getByRole('button', { name: 'Replace all terms' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows why a queued import changed nothing, each refused row with its reason', async () => {
    serve(json(job({}), 202), [
      job({
        status: 'refused',
        phase: 'finished',
        total: 3_000,
        checked: 3_000,
        message: 'The file has 2 invalid rows; nothing was changed.',
        errors: ['Row 12: Term is required', 'Row 22: A term with this ID already exists for this specialty (CON-5)'],
      }),
    ]);
    renderAt('/x', <TermsReplaceDialog scope={{ kind: 'hospital', hospitalId: HOSPITAL }} open onOpenChange={() => undefined} currentCount={5} />);
    await chooseAndSend();

    const report = await screen.findByRole('alert');
    expect(within(report).getByText('The file has 2 invalid rows; nothing was changed.').textContent).toBe('The file has 2 invalid rows; nothing was changed.');
    expect(
      within(report)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Row 12: Term is required', 'Row 22: A term with this ID already exists for this specialty (CON-5)']);
  });

  it('a small file replaced in the request closes the dialog', async () => {
    serve(json({ created: 2, failed: 0, errors: [] }), []);
    const onOpenChange = vi.fn();
    renderAt('/x', <TermsReplaceDialog scope={{ kind: 'hospital', hospitalId: HOSPITAL }} open onOpenChange={onOpenChange} currentCount={5} />);
    await chooseAndSend();
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
