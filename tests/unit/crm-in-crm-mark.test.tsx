/** @jest-environment jsdom */
// "Deja în CRM" on the companies of a group (issue 50, docs/decisions/097): the table asks which of
// its companies the user's CRMs hold and marks exactly those.
import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { CompanyGroupsTable } from '@/components/groups/company-groups-table';
import { companyGroupRow } from '../factories/company-group-rows';

const requests: Array<{ path: string; query: unknown }> = [];
jest.mock('@/lib/api/client', () => {
  const actual = jest.requireActual('@/lib/api/client');
  const fake = (path: string, opts: { query?: { Cuis?: string } }) => {
    requests.push({ path, query: opts.query });
    if (path.includes('/api/Crm/getInCrm')) return Promise.resolve({ Cuis: [14399840] });
    return Promise.resolve({});
  };
  return { ...actual, ...jest.requireActual<typeof import('./api-call-mock')>('./api-call-mock').callsOver(fake) };
});

test('only the companies the CRM holds carry the mark', async () => {
  render(<CompanyGroupsTable items={[companyGroupRow(14399840, 'ALFA SRL'), companyGroupRow(31000019, 'BETA SRL')]} orderBy="" onOrderBy={() => {}} sortable={[]} moveTargets={[]} onChanged={() => {}} />);
  await waitFor(() => expect(screen.getAllByTestId('in-crm')).toHaveLength(1));
  const rows = screen.getAllByTestId('company-group-row');
  expect(within(rows.find((r) => r.dataset.cui === '14399840')!).getByText('deja în CRM')).toBeTruthy();
  expect(within(rows.find((r) => r.dataset.cui === '31000019')!).queryByText('deja în CRM')).toBeNull();
  expect(requests.filter((r) => r.path.includes('/api/Crm/getInCrm')).map((r) => r.query)).toEqual([{ Cuis: '14399840,31000019' }]);
});
