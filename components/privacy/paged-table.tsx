'use client';

// The read-only paged table of the privacy Admin pages (audit trail, takedown queue): header,
// skeleton rows while a page loads, the rows, the empty state and the pagination.
import * as React from 'react';
import type { Table as TanTable } from '@tanstack/react-table';
import { type Query, queryCall, type AnswerOf } from '@/lib/api/client';
import type { ContractKey } from '@/lib/api/contract';
import { EMPTY_PAGE } from '@/lib/shared/paged';
import { FAILED_TEXT } from '@/lib/text';
import { showErrorToast } from '@/components/layout/toaster';
import type { Paged } from '@/lib/shared/paged';
import { getPaginationLayout } from '@/lib/pagination';
import { EmptyState } from '@/components/ui/empty-state';
import { LayoutPagination } from '@/components/ui/pagination';
import { Table, TableBody, TableRow } from '@/components/ui/table';
import { DataTableCells, DataTableSkeletonRows } from '@/components/ui/data-table-body';
import { DataTableCards, ResponsiveList } from '@/components/ui/data-table-cards';
import { DataTableHeader } from '@/components/ui/data-table-header';

type Props<T> = {
  table: TanTable<T>;
  data: Paged<T> | null;
  page: number;
  onPage: (page: number) => void;
  rowTestId: string;
  /** Rows without a control: the scrolling box itself takes the focus (axe scrollable-region-focusable). */
  scrollLabel?: string;
  /** The list's name and a row's name on the phone cards (DataTableCards). */
  cards: { label: string; rowName: (row: T) => string };
};

export function PagedTable<T>({ table, data, page, onPage, rowTestId, scrollLabel, cards }: Props<T>) {
  const grid = (
    <Table containerClassName={scrollLabel ? 'overflow-visible' : undefined}>
      <DataTableHeader table={table} isSortable={() => false} directionOf={() => null} onSort={() => undefined} />
      <TableBody>
        {data === null ? (
          <DataTableSkeletonRows columns={table.getAllColumns().length} />
        ) : (
          table.getRowModel().rows.map((row) => (
            <TableRow key={row.id} data-testid={rowTestId}>
              <DataTableCells row={row} />
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
  return (
    <>
      <ResponsiveList cards={<DataTableCards table={table} label={cards.label} rowName={cards.rowName} loading={data === null} rowTestId={`${rowTestId}-card`} empty={null} />}>
        {scrollLabel ? (
          <div role="region" aria-label={scrollLabel} tabIndex={0} className="w-full overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-ring">
            {grid}
          </div>
        ) : (
          grid
        )}
      </ResponsiveList>
      {data && data.Items.length === 0 ? <EmptyState compact /> : null}
      {data ? <LayoutPagination layout={getPaginationLayout(page, data.NumberOfPages)} onChange={onPage} /> : null}
    </>
  );
}

/** The GET endpoints that answer a page (Items, Count, NumberOfPages). */
export type PagedKey = { [K in ContractKey]: K extends `GET ${string}` ? (AnswerOf<K> extends Paged<unknown> ? K : never) : never }[ContractKey];
/** A row of such a page, as its contract describes it. */
export type PagedItem<K extends PagedKey> = AnswerOf<K> extends Paged<infer T> ? T : never;

/**
 * One page of a list from the API (named by its contract key, so its rows are typed by the
 * contract), reloaded when the query (or `version`) changes; a failure shows an empty page and the toast.
 */
export function usePagedData<K extends PagedKey>(endpointKey: K, query: Query, version = 0): Paged<PagedItem<K>> | null {
  const [data, setData] = React.useState<Paged<PagedItem<K>> | null>(null);
  const key = JSON.stringify(query);
  React.useEffect(() => {
    let live = true;
    // PagedKey holds only paged answers with a query: the generic call answers a page of PagedItem<K>.
    (queryCall(endpointKey, { query: JSON.parse(key) as Query, background: true }) as Promise<Paged<PagedItem<K>>>).then(
      (res) => live && setData(res),
      () => {
        if (!live) return;
        setData(EMPTY_PAGE);
        showErrorToast(FAILED_TEXT);
      },
    );
    return () => {
      live = false;
    };
  }, [endpointKey, key, version]);
  return data;
}
