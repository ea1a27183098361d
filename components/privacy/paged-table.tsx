'use client';

// The read-only paged table of the privacy Admin pages (audit trail, takedown queue): header,
// skeleton rows while a page loads, the rows, the empty state and the pagination.
import type { Table as TanTable } from '@tanstack/react-table';
import type { Paged } from '@/lib/shared/paged';
import { getPaginationLayout } from '@/lib/pagination';
import { EmptyState } from '@/components/ui/empty-state';
import { LayoutPagination } from '@/components/ui/pagination';
import { Table, TableBody, TableRow } from '@/components/ui/table';
import { DataTableCells, DataTableSkeletonRows } from '@/components/ui/data-table-body';
import { DataTableHeader } from '@/components/ui/data-table-header';

type Props<T> = {
  table: TanTable<T>;
  data: Paged<T> | null;
  page: number;
  onPage: (page: number) => void;
  rowTestId: string;
  /** Rows without a control: the scrolling box itself takes the focus (axe scrollable-region-focusable). */
  scrollLabel?: string;
};

export function PagedTable<T>({ table, data, page, onPage, rowTestId, scrollLabel }: Props<T>) {
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
      {scrollLabel ? (
        <div role="region" aria-label={scrollLabel} tabIndex={0} className="w-full overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-ring">
          {grid}
        </div>
      ) : (
        grid
      )}
      {data && data.Items.length === 0 ? <EmptyState compact /> : null}
      {data ? <LayoutPagination layout={getPaginationLayout(page, data.NumberOfPages)} onChange={onPage} /> : null}
    </>
  );
}
