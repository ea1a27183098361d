'use client';

// A TanStack table over the kit's table parts for the server-sorted, server-paged admin lists: the
// server sorts (OrderBy with the '_desc' suffix), so a header click only computes the next OrderBy.
// On a phone the same table is drawn as cards (DataTableCards) with the sortable columns in a select.
import * as React from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type Row } from '@tanstack/react-table';
import { cn } from '@/lib/utils';
import { toggleSort } from '@/lib/company-rules';
import { sortDirectionOf } from '@/lib/users/sort';
import { DataTableCards, DataTableSortSelect, useIsWide } from '@/components/ui/data-table-cards';
import { SortableTableHead, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';


/** `meta` reaches every cell as `table.options.meta` (the row actions of the current render). */
export function useServerTable<T>(data: T[], columns: ColumnDef<T, unknown>[], getRowId: (row: T) => string, meta?: object) {
  // TanStack Table keeps its own mutable instance, which the React Compiler cannot memoise; the
  // compiler is not enabled here, and the table is rebuilt from props on every render anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  return useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), manualSorting: true, manualPagination: true, getRowId, meta });
}

export function DataTable<T>({
  table,
  orderBy,
  onSort,
  testId,
  caption,
  className,
  rowTestId,
  cards,
}: {
  table: ReturnType<typeof useServerTable<T>>;
  orderBy: string;
  onSort: (orderBy: string) => void;
  testId: string;
  caption: string;
  className?: string;
  rowTestId?: (row: Row<T>) => string;
  /** The phone cards: a row's name (its actions menu's label) and the cards' test id. */
  cards: { rowName: (row: T) => string; rowTestId: string };
}) {
  const isWide = useIsWide();
  if (!isWide) {
    const sortable = table.getAllLeafColumns().flatMap((c) => {
      const { sortKey } = c.columnDef.meta ?? {};
      const { header } = c.columnDef;
      return sortKey ? [{ key: sortKey, label: typeof header === 'string' ? header : sortKey }] : [];
    });
    return (
      <div className={cn('flex flex-col gap-3', className)}>
        {sortable.length ? <DataTableSortSelect options={sortable} value={orderBy} onChange={onSort} /> : null}
        <DataTableCards table={table} label={caption} rowName={cards.rowName} rowTestId={cards.rowTestId} testId={`${testId}-cards`} />
      </div>
    );
  }
  return (
    <Table data-testid={testId} containerClassName={className}>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id}>
            {group.headers.map((header) => {
              const meta = header.column.columnDef.meta ?? {};
              const label = flexRender(header.column.columnDef.header, header.getContext());
              return meta.sortKey ? (
                <SortableTableHead
                  key={header.id}
                  className={meta.className}
                  direction={sortDirectionOf(orderBy, meta.sortKey)}
                  onSort={() => onSort(toggleSort(orderBy, meta.sortKey!))}
                >
                  {label}
                </SortableTableHead>
              ) : (
                <TableHead key={header.id} className={meta.className}>
                  {label}
                </TableHead>
              );
            })}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody>
        {table.getRowModel().rows.map((row) => (
          <TableRow key={row.id} data-testid={rowTestId?.(row)}>
            {row.getVisibleCells().map((cell) => (
              <TableCell key={cell.id} className={cell.column.columnDef.meta?.className}>
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
