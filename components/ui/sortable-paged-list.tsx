'use client';

// A paged, sortable list as the signed-in pages show it: a table from 768 px, cards below it with a
// sort select (the column heads are gone there), both from the same TanStack table and the same
// usePagedList state. Lists with more (expandable rows, selection) compose the parts themselves.
import type { Table as TanTable } from '@tanstack/react-table';
import { DataTablePageRows } from './data-table-body';
import { DataTableCards, DataTableSortSelect, ResponsiveList, sortOptionsOf } from './data-table-cards';
import { PagedListHeader } from './data-table-header';
import { Table, TableBody } from './table';

export function SortablePagedList<T>({
  table,
  list,
  sortable,
  label,
  rowName,
  loading,
  cardTestId,
  rowTestId,
  skeleton,
  empty,
}: {
  table: TanTable<T>;
  list: { orderBy: string; setOrder: (orderBy: string) => void };
  /** Column id → the name the sort select shows; these columns sort the list. */
  sortable: Record<string, string>;
  /** The list's accessible name, on the table and on the cards. */
  label: string;
  rowName: (row: T) => string;
  loading: boolean;
  cardTestId?: string;
  rowTestId?: string;
  skeleton?: { rows?: number; className?: string };
  /** The cards' empty text (null: the page says it itself). */
  empty?: string | null;
}) {
  return (
    <ResponsiveList
      sort={<DataTableSortSelect options={sortOptionsOf(sortable)} value={list.orderBy} onChange={list.setOrder} />}
      cards={<DataTableCards table={table} label={label} rowName={rowName} loading={loading} rowTestId={cardTestId} {...(empty !== undefined ? { empty } : {})} />}
    >
      <Table aria-label={label}>
        <PagedListHeader table={table} sortable={sortable} list={list} />
        <TableBody>
          <DataTablePageRows table={table} loading={loading} skeleton={skeleton} rowTestId={rowTestId} />
        </TableBody>
      </Table>
    </ResponsiveList>
  );
}
