/** @jest-environment jsdom */
// The fiscal and risk filters in the search panel (decision 107): labelled fields, the note that
// says a company never checked matches neither answer, the arrears filter only once a list exists,
// and nothing of it where the list's endpoint does not read them (groups, admin contacts).
import * as React from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { FilterForm } from '@/components/search/filter-form';
import { createSearchFilter } from '@/lib/filters';
import type { CompanyFacets } from '@/lib/search/facets';

const labelled = (name: string) => screen.getByRole('combobox', { name });

test('with the facts: every field has its Romanian label, the chosen values show, and the note is honest', () => {
  render(
    <FilterForm
      filter={createSearchFilter({ IsVatPayer: true, RiskBand: 'B' })}
      names={{}}
      onChange={() => {}}
      facts={{ CheckedCompanies: 1234, ArrearsListDate: '2026-06-30' }}
    />,
  );
  const group = screen.getByRole('group', { name: 'Verificare fiscală și risc' });
  expect(within(group).getByTestId('fiscal-filter-note').textContent).toMatch(/1\.234 firme verificate.*O firmă neverificată nu apare nici la „Da”, nici la „Nu”\./s);
  expect(labelled('Plătitor de TVA').textContent).toBe('Da');
  expect(labelled('Inactiv la ANAF').textContent).toBe('Toate');
  expect(labelled('Înregistrat în e-Factura').textContent).toBe('Toate');
  expect(labelled('Datorii la buget (lista ANAF din 30.06.2026)')).toBeTruthy();
  expect(labelled('Clasă de risc').textContent).toBe('B – risc scăzut');
});

test('without an arrears list the arrears filter is not offered; without the facts none of them is', () => {
  const { unmount } = render(<FilterForm filter={createSearchFilter()} names={{}} onChange={() => {}} facts={{ CheckedCompanies: 0, ArrearsListDate: null }} />);
  expect(screen.queryByRole('combobox', { name: /Datorii la buget/ })).toBeNull();
  expect(labelled('Plătitor de TVA')).toBeTruthy();
  unmount();
  render(<FilterForm filter={createSearchFilter()} names={{}} onChange={() => {}} />);
  expect(screen.queryByRole('group', { name: 'Verificare fiscală și risc' })).toBeNull();
  expect(screen.queryByRole('combobox', { name: 'Plătitor de TVA' })).toBeNull();
});

test('with the filter counts (decision 115), each option of the fact fields shows its own count', async () => {
  const yes = (t: number, f: number) => [
    { Value: true, Count: t },
    { Value: false, Count: f },
  ];
  const facets: CompanyFacets = {
    Count: 1540,
    Counties: [],
    Caen: [],
    CaenSections: [],
    Statuses: [],
    Employees: [],
    Turnover: [],
    Profit: [],
    Contact: [],
    InsolvencyRisk: [],
    Bids: [],
    EuropeanProjects: [],
    VatPayer: yes(1200, 340),
    Inactive: yes(15, 1525),
    EFactura: yes(900, 640),
    TaxArrears: yes(7, 9993),
    RiskBands: [
      { Band: 'A', Count: 11 },
      { Band: 'B', Count: 22 },
      { Band: 'C', Count: 3333 },
      { Band: 'D', Count: 44 },
      { Band: 'E', Count: 5 },
    ],
  };
  render(<FilterForm filter={createSearchFilter()} names={{}} onChange={() => {}} facts={{ CheckedCompanies: 1540, ArrearsListDate: '2026-06-30' }} facets={facets} />);
  const optionsOf = async (name: string) => {
    fireEvent.keyDown(labelled(name), { key: 'Enter' });
    const listbox = await screen.findByRole('listbox');
    const texts = within(listbox).getAllByRole('option').map((o) => o.textContent);
    fireEvent.keyDown(listbox, { key: 'Escape' });
    return texts;
  };
  expect(await optionsOf('Plătitor de TVA')).toEqual(['Toate', 'Da 1.200', 'Nu 340']);
  expect(await optionsOf('Inactiv la ANAF')).toEqual(['Toate', 'Da 15', 'Nu 1.525']);
  expect(await optionsOf('Înregistrat în e-Factura')).toEqual(['Toate', 'Da 900', 'Nu 640']);
  expect(await optionsOf('Datorii la buget (lista ANAF din 30.06.2026)')).toEqual(['Toate', 'Da 7', 'Nu 9.993']);
  expect((await optionsOf('Clasă de risc')).slice(1).map((t) => t?.split(' ').at(-1))).toEqual(['11', '22', '3.333', '44', '5']);
});
