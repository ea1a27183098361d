/** @jest-environment jsdom */
// The group dropdown of /Companii with more groups than one page (spec 002 §7: PageSize 20): it
// searches on the server and "Mai multe…" appends the next page, so every group can be chosen.
import * as React from 'react';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CompaniesInGroups } from '@/components/groups/companies-in-groups';

configure({ asyncUtilTimeout: 5000 });

const replace = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace, refresh: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/Companii',
  useSearchParams: () => new URLSearchParams(),
}));
const ALL = Array.from({ length: 25 }, (_, i) => ({ Id: i + 1, Name: `Grup ${String(i + 1).padStart(2, '0')}`, CompaniesNumber: i, CreatedBy: 'ana', Role: 'Autor', AccessToEdit: true }));
const groupCalls: Array<Record<string, unknown>> = [];
jest.mock('@/lib/api/client', () => {
  const actual = jest.requireActual('@/lib/api/client');
  const get = async (path: string, q: Record<string, unknown> = {}) => {
    if (path === '/api/Group/getGroups') {
      groupCalls.push(q);
      const text = String(q.SearchText ?? '').toLowerCase();
      const matches = ALL.filter((g) => g.Name.toLowerCase().includes(text));
      const page = Number(q.PageNumber ?? 1);
      return { Items: matches.slice((page - 1) * 20, page * 20), Count: matches.length, NumberOfPages: Math.ceil(matches.length / 20) };
    }
    if (path === '/api/Group/get') return ALL.find((g) => g.Id === Number(q.id));
    if (path === '/api/Group/getCompanyGroups') return { Items: [], Count: 0, NumberOfPages: 0 };
    return [];
  };
  // The typed client (apiCall) goes through apiRequest (tests/unit/api-call-mock.ts).
  const apiRequest = async (path: string, opts: { method?: string; query?: Record<string, unknown> } = {}) => ((opts.method ?? 'GET') === 'GET' ? get(path, opts.query) : undefined);
  return { ...actual, ...jest.requireActual<typeof import('./api-call-mock')>('./api-call-mock').callsOver(apiRequest) };
});
jest.mock('@/components/layout/toaster', () => ({ toast: { success: jest.fn(), warning: jest.fn() }, showErrorToast: jest.fn(), showSuccessToast: jest.fn() }));

test('20 groups a page, "Mai multe…" shows the rest, the search asks the server', async () => {
  // A page shown twice (its effect ran again) once appended its groups a second time.
  const errors = jest.spyOn(console, 'error');
  render(<CompaniesInGroups initialGroupId={null} />);
  const picker = screen.getByRole('combobox', { name: 'Grupul' });
  fireEvent.click(picker);
  const list = await screen.findByRole('listbox');
  await within(list).findByRole('option', { name: 'Grup 01 (0)' });
  expect(within(list).getAllByRole('option', { name: /^Grup/ })).toHaveLength(20);
  expect(groupCalls[0]).toMatchObject({ PageSize: 20, OrderBy: 'Profit_desc', PageNumber: 1 });

  fireEvent.click(within(list).getByRole('option', { name: 'Mai multe…' }));
  await within(list).findByRole('option', { name: 'Grup 25 (24)' });
  expect(within(list).getAllByRole('option', { name: /^Grup/ })).toHaveLength(25);
  expect(within(list).queryByRole('option', { name: 'Mai multe…' })).toBeNull();

  fireEvent.click(within(list).getByRole('option', { name: 'Grup 23 (22)' }));
  await waitFor(() => expect(replace).toHaveBeenCalledWith('/Companii/23', { scroll: false }));
  expect(screen.getByRole('combobox', { name: 'Grupul' })).toHaveTextContent('Grup 23 (22)');

  fireEvent.click(screen.getByRole('combobox', { name: 'Grupul' }));
  fireEvent.change(await screen.findByPlaceholderText('Caută un grup'), { target: { value: '24' } });
  await waitFor(() => expect(groupCalls.at(-1)).toMatchObject({ SearchText: '24', PageNumber: 1 }));
  const found = await screen.findByRole('listbox');
  await waitFor(() => expect(within(found).getAllByRole('option', { name: /^Grup/ }).map((o) => o.textContent)).toEqual(['Grup 24 (23)']));
  expect(errors.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('same key'))).toEqual([]);
  errors.mockRestore();
}, 30_000);

test('a group chosen by its address (beyond the first page) shows its name', async () => {
  render(<CompaniesInGroups initialGroupId={25} />);
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Grupul' })).toHaveTextContent('Grup 25 (24)'));
});
