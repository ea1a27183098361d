'use client';

// The header row of a signed-in TanStack table: sortable columns get the kit's SortableTableHead
// (aria-sort, arrow icon), the others a plain head. Each list keeps its own order state.
import type * as React from 'react';
import { flexRender, type Table } from '@tanstack/react-table';
import { directionOf, nextOrder } from '@/lib/shared/sort-order';
import { SortableTableHead, TableHead, TableHeader, TableRow } from './table';

type Direction = 'asc' | 'desc' | null;

export function DataTableHeader<T>({
  table,
  isSortable,
  directionOf,
  onSort,
  leading,
}: {
  table: Table<T>;
  isSortable: (columnId: string) => boolean;
  directionOf: (columnId: string) => Direction;
  onSort: (columnId: string) => void;
  /** A head before the columns' (the expand buttons' column of a list whose rows open). */
  leading?: React.ReactNode;
}) {
  return (
    <TableHeader>
      {table.getHeaderGroups().map((hg) => (
        <TableRow key={hg.id}>
          {leading}
          {hg.headers.map((h) =>
            isSortable(h.column.id) ? (
              <SortableTableHead key={h.id} direction={directionOf(h.column.id)} onSort={() => onSort(h.column.id)}>
                {flexRender(h.column.columnDef.header, h.getContext())}
              </SortableTableHead>
            ) : (
              <TableHead key={h.id}>{flexRender(h.column.columnDef.header, h.getContext())}</TableHead>
            ),
          )}
        </TableRow>
      ))}
    </TableHeader>
  );
}

/**
 * The header of a paged list's table (usePagedList): the columns named in `sortable` sort it, a
 * click on the sorted one flips the order.
 */
export function PagedListHeader<T>({ table, sortable, list }: { table: Table<T>; sortable: Record<string, string>; list: { orderBy: string; setOrder: (orderBy: string) => void } }) {
  return (
    <DataTableHeader
      table={table}
      isSortable={(id) => !!sortable[id]}
      directionOf={(id) => directionOf(list.orderBy, id)}
      onSort={(id) => list.setOrder(nextOrder(list.orderBy, id))}
    />
  );
}
