/** @jest-environment jsdom */
// The shared pieces of the signed-in lists: rows that open to a detail row one at a time (the two
// sending lists), and the footer (empty state, pages).
import * as React from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { ExpandableDataRows, ExpandHead } from '@/components/ui/data-table-body';
import { DataTableHeader } from '@/components/ui/data-table-header';
import { ListFooter } from '@/components/ui/list-footer';
import { Table, TableBody } from '@/components/ui/table';

type Row = { Id: number; Name: string };
const columns: ColumnDef<Row>[] = [{ id: 'Name', header: 'Nume', cell: ({ row }) => row.original.Name }];
const rows: Row[] = [
  { Id: 1, Name: 'Alfa' },
  { Id: 2, Name: 'Beta' },
];

const LABELS = { show: 'Arată', hide: 'Ascunde' };
const detail = (id: number) => <p>Detaliile {id}</p>;

function Harness() {
  const [open, setOpen] = React.useState<number | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => String(r.Id) });
  return (
    <Table>
      <DataTableHeader table={table} leading={<ExpandHead />} isSortable={() => false} directionOf={() => null} onSort={() => {}} />
      <TableBody>
        <ExpandableDataRows table={table} openId={open} onOpenChange={setOpen} idOf={(r) => r.Id} detailId={(id) => `detail-${id}`} labels={LABELS} rowTestId="row" renderDetail={detail} />
      </TableBody>
    </Table>
  );
}

test('a row opens to its detail below it, one row at a time, from its button or the row itself', () => {
  render(<Harness />);
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Extinde', 'Nume']);
  const [alfa, beta] = screen.getAllByTestId('row');
  fireEvent.click(within(alfa).getByRole('button', { name: 'Arată' }));
  expect(screen.getByText('Detaliile 1').closest('tr')).toHaveAttribute('id', 'detail-1');
  expect(within(alfa).getByRole('button', { name: 'Ascunde' })).toHaveAttribute('aria-expanded', 'true');
  expect(within(alfa).getByRole('button', { name: 'Ascunde' })).toHaveAttribute('aria-controls', 'detail-1');
  // The detail spans the expand column and every data column.
  expect(screen.getByText('Detaliile 1').closest('td')).toHaveAttribute('colspan', '2');

  fireEvent.click(beta);
  expect(screen.queryByText('Detaliile 1')).toBeNull();
  expect(screen.getByText('Detaliile 2')).toBeInTheDocument();
  fireEvent.click(within(beta).getByRole('button', { name: 'Ascunde' }));
  expect(screen.queryByText('Detaliile 2')).toBeNull();
});

test('the footer: nothing while loading, the empty state on an empty page, the pages beyond one', () => {
  const setPage = jest.fn();
  const { rerender, container } = render(<ListFooter list={{ data: null, page: 1, setPage }} />);
  expect(container).toBeEmptyDOMElement();
  rerender(<ListFooter list={{ data: { Items: [], Count: 0, NumberOfPages: 0 }, page: 1, setPage }} emptyTitle="Nimic aici." />);
  expect(screen.getByText('Nimic aici.')).toBeInTheDocument();
  expect(screen.queryByRole('navigation')).toBeNull();
  rerender(<ListFooter list={{ data: { Items: [{}], Count: 25, NumberOfPages: 3 }, page: 1, setPage }} />);
  expect(screen.queryByText('Nimic aici.')).toBeNull();
  fireEvent.click(within(screen.getByRole('navigation')).getByRole('button', { name: /2/ }));
  expect(setPage).toHaveBeenCalledWith(2);
});
