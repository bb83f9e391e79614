import { queryOptions } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@web/test/render';
import type { ConsoleColumn, ConsolePage } from './console-table';
import { ConsoleVirtualTable } from './console-virtual-table';

interface Clinic {
  id: string;
  name: string;
  city: string;
}

const COLUMNS: Array<ConsoleColumn<Clinic>> = [
  { id: 'name', header: 'Clinic', kind: 'title', width: 'minmax(0,2fr)', cell: (clinic) => clinic.name },
  { id: 'city', header: 'City', hideable: true, width: '8rem', cell: (clinic) => clinic.city },
  { id: 'actions', header: 'Actions', kind: 'actions', width: '5rem', cell: (clinic) => <button type="button">Open {clinic.name}</button> },
];

/** jsdom has no layout: a scroll box 400 px high and rows 40 px each. */
const originals = {
  clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  offsetHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight'),
};
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 400 });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 40 });
});
afterAll(() => {
  for (const [key, descriptor] of Object.entries(originals)) if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
});

/** Pages of `total` clinics, or a failure for every request when `fail` is set. */
function clinicPages(total: number, fail = false) {
  const load = vi.fn(async (pageIndex: number): Promise<ConsolePage<Clinic>> => {
    if (fail) throw new Error('The clinics service is down.');
    const items = Array.from({ length: Math.max(0, Math.min(50, total - pageIndex * 50)) }, (_, i) => {
      const n = pageIndex * 50 + i;
      return { id: `c${n}`, name: `Clinic ${n}`, city: `City ${n}` };
    });
    return { items, totalCount: total };
  });
  const pageQuery = (pageIndex: number) => queryOptions({ queryKey: ['clinics', total, fail, pageIndex], queryFn: () => load(pageIndex), retry: false });
  return { load, pageQuery };
}

function renderClinics(total: number, fail = false) {
  const { load, pageQuery } = clinicPages(total, fail);
  renderAt(
    '/x',
    <ConsoleVirtualTable
      caption="Clinics"
      columns={COLUMNS}
      pageQuery={pageQuery}
      pageSize={50}
      resetKey=""
      toolbar={{ list: { search: '', setSearch: () => undefined }, search: { placeholder: 'Search clinics', label: 'Search' } }}
      summary={(first) => `${first.totalCount} clinics`}
      empty="No clinics match."
      loadingLabel="Loading clinics"
      errorTitle="The clinics could not be loaded."
    />,
  );
  return load;
}

describe('ConsoleVirtualTable', () => {
  it('draws the columns’ headers and cells, and a hidden column leaves the header, the rows and the grid', async () => {
    renderClinics(120);
    expect(await screen.findByText('Clinic 0')).toBeInstanceOf(HTMLElement);
    const table = screen.getByRole('table', { name: 'Clinics' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Clinic', 'City', 'Actions']);
    expect(table.style.getPropertyValue('--console-columns')).toBe('minmax(0,2fr) 8rem 5rem');
    expect(screen.getByText('City 0')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('120 clinics')).toBeInstanceOf(HTMLElement);

    fireEvent.click(screen.getByRole('checkbox', { name: 'City' }));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Clinic', 'Actions']);
    expect(screen.queryByText('City 0')).toBeNull();
    expect(table.style.getPropertyValue('--console-columns')).toBe('minmax(0,2fr) 5rem');
    expect(screen.getByRole('button', { name: 'Open Clinic 0' })).toBeInstanceOf(HTMLElement);
  });

  it('says so when nothing matches', async () => {
    renderClinics(0);
    expect(await screen.findByText('No clinics match.')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('0 clinics')).toBeInstanceOf(HTMLElement);
  });

  it('says the list could not be loaded, and asks again on Try again', async () => {
    const load = renderClinics(10, true);
    expect(await screen.findByText('The clinics could not be loaded.')).toBeInstanceOf(HTMLElement);
    expect(load).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });
});
