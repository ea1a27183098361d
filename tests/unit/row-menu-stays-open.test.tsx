/** @jest-environment jsdom */
// A row's open menu survives data that arrives after the rows. flexRender draws a column's cell
// function as a component type, so columns rebuilt with new cell functions remounted every cell:
// the "Mută … în alt grup" menu a user (or groups.spec, under load) had just opened closed when the
// CRM marks or the move targets came in, and its items left the DOM under the click.
import * as React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { FolderInput } from 'lucide-react';
import { actionsColumn } from '@/components/ui/data-table-cards';
import { DataTablePageRows } from '@/components/ui/data-table-body';
import { Table, TableBody } from '@/components/ui/table';
import { CompanyGroupsTable } from '@/components/groups/company-groups-table';
import type { GroupForEdit } from '@/lib/groups/types';
import { companyGroupRow } from '../factories/company-group-rows';

let answerInCrm: (cuis: number[]) => void = () => {};
jest.mock('@/lib/api/client', () => {
  const actual = jest.requireActual('@/lib/api/client');
  const fake = (path: string) => {
    if (path.includes('/api/Crm/getInCrm')) return new Promise((resolve) => (answerInCrm = (cuis) => resolve({ Cuis: cuis })));
    return Promise.resolve({});
  };
  return { ...actual, ...jest.requireActual<typeof import('./api-call-mock')>('./api-call-mock').callsOver(fake) };
});

/** Opens the menu behind `trigger` as a keyboard user would; the menu it opened. */
async function openMenu(trigger: HTMLElement) {
  act(() => {
    fireEvent.keyDown(trigger, { key: 'Enter' });
  });
  return screen.findByRole('menu');
}

type Item = { Id: number; Name: string };

const ROWS: Item[] = [{ Id: 7, Name: 'ALFA SRL' }];

/** A list whose columns are rebuilt whenever `targets` changes, as a list's columns are when later data arrives. */
function List({ targets }: { targets: Item[] }) {
  const columns = React.useMemo<ColumnDef<Item>[]>(
    () => [
      { id: 'Name', header: 'Nume', cell: ({ row }) => row.original.Name },
      actionsColumn<Item>({
        actions: (r) => [{ id: 'move', label: 'Mută', ariaLabel: `Mută ${r.Name}`, icon: FolderInput, choices: targets.map((t) => ({ id: String(t.Id), label: t.Name, onSelect: () => {} })) }],
      }),
    ],
    [targets],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize
  const table = useReactTable({ data: ROWS, columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => String(r.Id) });
  return (
    <Table>
      <TableBody>
        <DataTablePageRows table={table} loading={false} />
      </TableBody>
    </Table>
  );
}

test('rebuilt columns keep the actions cell: the open menu and its items stay the same nodes', async () => {
  const { rerender } = render(<List targets={[{ Id: 1, Name: 'Clienți' }]} />);
  const trigger = screen.getByRole('button', { name: 'Mută ALFA SRL' });
  const menu = await openMenu(trigger);
  const item = within(menu).getByRole('menuitem', { name: 'Clienți' });

  // Equal data in new arrays (a refetch), then a target more: new column definitions each time.
  rerender(<List targets={[{ Id: 1, Name: 'Clienți' }]} />);
  rerender(<List targets={[{ Id: 1, Name: 'Clienți' }, { Id: 2, Name: 'Parteneri' }]} />);

  expect(screen.getByRole('button', { name: 'Mută ALFA SRL' })).toBe(trigger);
  expect(screen.getByRole('menu')).toBe(menu);
  expect(within(menu).getByRole('menuitem', { name: 'Clienți' })).toBe(item);
  expect(item.isConnected).toBe(true);
  // The menu shows the new definition's choices, not those it was opened with.
  expect(within(menu).getByRole('menuitem', { name: 'Parteneri' })).toBeTruthy();
});

const company = (cui: number, name: string) => companyGroupRow(cui, name, { AccessToEdit: true });

test('the group table: the move menu opened before the CRM marks and the move targets came in stays open', async () => {
  const items = [company(14399840, 'ALFA SRL'), company(31000019, 'BETA SRL')];
  const table = (moveTargets: GroupForEdit[]) => <CompanyGroupsTable items={items} orderBy="" onOrderBy={() => {}} sortable={[]} showGroup={false} moveTargets={moveTargets} onChanged={() => {}} />;
  const { rerender } = render(table([{ Id: 1, Name: 'Clienți' } as GroupForEdit]));
  const menu = await openMenu(screen.getByRole('button', { name: 'Mută BETA SRL în alt grup' }));
  const current = within(menu).getByRole('menuitem', { name: 'Clienți' });
  expect(current).toHaveAttribute('aria-current', 'true');

  const link = screen.getByRole('link', { name: /BETA SRL/ });

  // The CRM marks arrive while the menu is open (what a loaded machine makes likely): a badge in
  // the CUI cell, the other cells as they were.
  await act(async () => answerInCrm([31000019]));
  await waitFor(() => expect(screen.getAllByTestId('in-crm')).toHaveLength(1));
  expect(screen.getByRole('link', { name: /BETA SRL/ })).toBe(link);
  expect(screen.getByRole('menu')).toBe(menu);
  // The move targets are fetched again (the page's reload key): equal groups plus one, new array.
  rerender(table([{ Id: 1, Name: 'Clienți' } as GroupForEdit, { Id: 2, Name: 'Grupul colegului' } as GroupForEdit]));

  expect(screen.getByRole('menu')).toBe(menu);
  expect(within(menu).getByRole('menuitem', { name: 'Clienți' })).toBe(current);
  expect(current.isConnected).toBe(true);
  expect(within(menu).getByRole('menuitem', { name: 'Grupul colegului' })).toBeTruthy();
});
