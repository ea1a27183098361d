/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { DataTableHeader } from '@/components/ui/data-table-header';
import { Table } from '@/components/ui/table';

type Row = { Name: string; Tags: string };
const columns: ColumnDef<Row>[] = [
  { id: 'Name', header: 'Nume template' },
  { id: 'Tags', header: 'Categorii' },
];

function Harness({ onSort }: { onSort: (id: string) => void }) {
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize
  const table = useReactTable({ data: [], columns, getCoreRowModel: getCoreRowModel() });
  return (
    <Table>
      <DataTableHeader table={table} isSortable={(id) => id === 'Name'} directionOf={(id) => (id === 'Name' ? 'desc' : null)} onSort={onSort} />
    </Table>
  );
}

test('sortable columns show their direction and report clicks; the others are plain heads', () => {
  const onSort = jest.fn();
  render(<Harness onSort={onSort} />);
  const sortable = screen.getByRole('columnheader', { name: /Nume template/ });
  expect(sortable).toHaveAttribute('aria-sort', 'descending');
  fireEvent.click(screen.getByRole('button', { name: /Nume template/ }));
  expect(onSort).toHaveBeenCalledWith('Name');
  const plain = screen.getByRole('columnheader', { name: 'Categorii' });
  expect(plain).not.toHaveAttribute('aria-sort');
  expect(screen.queryByRole('button', { name: /Categorii/ })).toBeNull();
});
