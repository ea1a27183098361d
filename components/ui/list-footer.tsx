'use client';

// Below a signed-in paged list: the empty state when the loaded page has no rows, and the pages
// (hidden while there is one page or none). Nothing while the page loads.
import { getPaginationLayout } from '@/lib/pagination';
import type { Paged } from '@/lib/shared/paged';
import { EmptyState } from './empty-state';
import { LayoutPagination } from './pagination';

export const EMPTY_LIST_TITLE = 'Nu există elemente!';

export function ListFooter({
  list,
  emptyTitle = EMPTY_LIST_TITLE,
  emptyDescription,
  compact = true,
}: {
  /** The list's state (usePagedList): the loaded page (null while loading), the page number and its setter. */
  list: { data: Paged<unknown> | null; page: number; setPage: (page: number) => void };
  emptyTitle?: string;
  emptyDescription?: string;
  compact?: boolean;
}) {
  const { data } = list;
  if (!data) return null;
  return (
    <>
      {data.Items.length === 0 ? <EmptyState title={emptyTitle} description={emptyDescription} compact={compact} /> : null}
      <LayoutPagination layout={getPaginationLayout(list.page, data.NumberOfPages)} onChange={list.setPage} />
    </>
  );
}
