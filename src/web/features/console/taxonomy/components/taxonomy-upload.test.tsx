import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pending, serveApi } from '@web/test/api';
import { renderAt } from '@web/test/render';
import { precheckTaxonomyCsv } from '../lib/taxonomy-form';
import { TaxonomyUploadCard } from './taxonomy-hospital-panel';

const HOSPITAL = '0b6f3c1e-8d2a-4c57-9a51-1f7e2d3c4b5a';

const BAD_CSV = [
  'specialty,department,division,section,specialty_code',
  'Cardiology,Medicine,Cardiovascular,,207RC0000X',
  ',Medicine,Nephrology,,207RN0300X',
  'Nephrology,Medicine,Nephrology,,207RC0000X',
  'Cardiology,Medicine,Cardiovascular,,',
].join('\n');

const GOOD_CSV = ['specialty,department,division', 'Cardiology,Medicine,Cardiovascular', 'Nephrology,Medicine,Nephrology'].join('\r\n');

function csvFile(text: string, name = 'taxonomy.csv') {
  return new File([text], name, { type: 'text/csv' });
}

function choose(file: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('precheckTaxonomyCsv', () => {
  it('lists every problem with its line number, as the server would', () => {
    const result = precheckTaxonomyCsv(BAD_CSV);
    expect(result.errors).toEqual([
      'Line 3: specialty is required',
      'Line 4: specialty code 207RC0000X is already used on line 2',
      'Line 5: specialty "Cardiology" with the same department, division and section is already on line 2',
    ]);
    expect(result.message).toBe('The file has 3 invalid rows; nothing was changed.');
  });

  it('names an unknown column in the header', () => {
    expect(precheckTaxonomyCsv('specialty,departmnet\nCardiology,Medicine').errors[0]).toMatch(/^Line 1: unknown column "departmnet"/);
  });

  it('passes a clean file with its row count', () => {
    expect(precheckTaxonomyCsv(GOOD_CSV)).toEqual({ rowCount: 2, errors: [], message: null });
  });
});

describe('TaxonomyUploadCard', () => {
  it('shows the line-numbered errors of a bad file and sends nothing', async () => {
    const api = serveApi({ [`POST /api/admin/hospitals/${HOSPITAL}/taxonomy/upload`]: pending });
    renderAt('/x', <TaxonomyUploadCard scope={{ kind: 'hospital', hospitalId: HOSPITAL }} currentRows={0} />);
    choose(csvFile(BAD_CSV));

    const report = await screen.findByRole('alert');
    expect(within(report).getByText('The file has 3 invalid rows; nothing was changed.')).toBeInstanceOf(HTMLElement);
    expect(within(report).getByText('Line 3: specialty is required')).toBeInstanceOf(HTMLElement);
    expect(within(report).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Upload and replace' })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a file that is not CSV', async () => {
    renderAt('/x', <TaxonomyUploadCard scope={{ kind: 'hospital', hospitalId: HOSPITAL }} currentRows={0} />);
    choose(new File(['x'], 'taxonomy.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/is not a CSV file/);
  });

  it('uploads a clean file, and shows the server’s own line errors when it refuses one', async () => {
    const upload = `POST /api/admin/hospitals/${HOSPITAL}/taxonomy/upload`;
    const api = serveApi({
      [upload]: () =>
        api.calls.length === 1
          ? { body: { uploadId: 'u1', rowCount: 2 } }
          : {
              status: 400,
              body: {
                error: {
                  code: 'TAXONOMY_UPLOAD_INVALID',
                  message: 'The file has 1 invalid row; nothing was changed.',
                  details: { errors: ['Line 9: specialty is required'], errorCount: 1 },
                },
              },
            },
    });
    // The file itself is the body, its name in the query.
    const bodies = () => api.calls.map((call) => ({ fileName: call.search.get('fileName'), type: call.headers.get('Content-Type'), text: call.body }));
    renderAt('/x', <TaxonomyUploadCard scope={{ kind: 'hospital', hospitalId: HOSPITAL }} currentRows={12} />);
    choose(csvFile(GOOD_CSV, 'northfield.csv'));
    expect((await screen.findByRole('status')).textContent).toMatch(/2 specialties checked, no problems found\. They replace the 12 current ones\./);
    fireEvent.click(screen.getByRole('button', { name: 'Upload and replace' }));
    await waitFor(() => expect(bodies()).toEqual([{ fileName: 'northfield.csv', type: 'text/csv;charset=utf-8', text: GOOD_CSV }]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Upload and replace' })).toBeNull());

    choose(csvFile(GOOD_CSV, 'again.csv'));
    fireEvent.click(await screen.findByRole('button', { name: 'Upload and replace' }));
    const report = await screen.findByRole('alert');
    expect(within(report).getByText('Line 9: specialty is required')).toBeInstanceOf(HTMLElement);
  });
});
