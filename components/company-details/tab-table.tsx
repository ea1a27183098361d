'use client';

// The parts the tab tables share (collaborations, EU projects, tenders): the search box, the
// status read to screen readers, the empty state or the table with sortable headers, the pager.
import * as React from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, TableBody, TableHeader, TableRow } from '@/components/ui/table';
import type { PagedList } from '../../lib/company/types';
import { CompactPager } from './compact-pager';
import { SearchBox } from './search-box';
import { SortHead } from './sort-head';

/** Typed and applied search text, sort and page of a tab table; a search or a sort goes back to page 1. */
export function useTabTableState(defaultSort: string) {
  const [text, setText] = React.useState('');
  const [applied, setApplied] = React.useState('');
  const [sort, setSort] = React.useState(defaultSort);
  const [page, setPage] = React.useState(1);
  return {
    text,
    setText,
    applied,
    sort,
    page,
    setPage,
    search: () => {
      setApplied(text.trim());
      setPage(1);
    },
    sortBy: (s: string) => {
      setSort(s);
      setPage(1);
    },
  };
}

type TabTableState = ReturnType<typeof useTabTableState>;

/** The text search above a tab table: runs on Enter or on the icon. */
export function TabTableSearch({ state, label }: { state: TabTableState; label: string }) {
  return <SearchBox className="max-w-xl" value={state.text} onChange={state.setText} onSearch={state.search} label={label} />;
}

export type TabTableTexts = {
  /** Read to screen readers while loading, then `count(Count)`. */
  loading: string;
  count: (count: number) => string;
  /** The empty state's title. */
  empty: string;
  /** The pager's accessible name. */
  pager: string;
};

type TabTableProps<T> = {
  /** Sort and page (useTabTableState). */
  state: Pick<TabTableState, 'sort' | 'sortBy' | 'page' | 'setPage'>;
  /** The current answer (useJson). */
  result: { data: PagedList<T> | undefined; loading: boolean };
  columns: ReadonlyArray<{ field: string; label: string }>;
  texts: TabTableTexts;
  testId: string;
  /** One keyed <TableRow> per item. */
  renderRow: (item: T) => React.ReactNode;
};

export function TabTable<T>({ state, result: { data, loading }, columns, texts, testId, renderRow }: TabTableProps<T>) {
  return (
    <>
      <div aria-live="polite" className="sr-only">
        {loading ? texts.loading : texts.count(data?.Count ?? 0)}
      </div>
      {data && data.Items.length === 0 && !loading ? (
        <EmptyState compact title={texts.empty} />
      ) : (
        <Table containerClassName={loading ? 'opacity-60' : undefined} data-testid={testId}>
          <TableHeader>
            <TableRow>
              {columns.map((c) => (
                <SortHead key={c.field} field={c.field} label={c.label} sort={state.sort} onSort={state.sortBy} />
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>{(data?.Items ?? []).map(renderRow)}</TableBody>
        </Table>
      )}
      <CompactPager page={state.page} totalPages={data?.NumberOfPages ?? 0} onChange={state.setPage} label={texts.pager} />
    </>
  );
}
