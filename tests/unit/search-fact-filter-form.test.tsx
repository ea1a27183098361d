/** @jest-environment jsdom */
// The fiscal and risk filters in the search panel (decision 107): labelled fields, the note that
// says a company never checked matches neither answer, the arrears filter only once a list exists,
// and nothing of it where the list's endpoint does not read them (groups, admin contacts).
import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import { FilterForm } from '@/components/search/filter-form';
import { createSearchFilter } from '@/lib/filters';

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
