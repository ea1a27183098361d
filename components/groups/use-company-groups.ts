'use client';

// The list state shared by the companies page and the group page: filter, order, page, and the
// latest answer (a newer request always wins over an older one still in flight).
import * as React from 'react';
import { createSearchFilter, filterToQuery, updateFilter, type SearchFilter } from '@/lib/filters';
import { formatNumber } from '@/lib/format';
import { isCountCapped, SEARCH_COUNT_CAP } from '@/lib/search-count';
import { COMPANY_GROUP_DEFAULT_ORDER, COMPANY_GROUP_PAGE_SIZE } from '@/lib/groups/schemas';
import { groupsApi, serverMessage } from '@/lib/groups/client';
import type { CompanyGroup, GroupForEdit } from '@/lib/groups/types';
import { showErrorToast } from '@/components/layout/toaster';

export function useCompanyGroups(groupId: number | null, initialOrder = COMPANY_GROUP_DEFAULT_ORDER) {
  const [filter, setFilter] = React.useState<SearchFilter>(() => createSearchFilter());
  const [text, setText] = React.useState('');
  const [orderBy, setOrderBy] = React.useState(initialOrder);
  const [page, setPage] = React.useState(1);
  const [answer, setAnswer] = React.useState<{ key: string; items: CompanyGroup[] } | null>(null);
  const [count, setCount] = React.useState(0);
  const [pages, setPages] = React.useState(0);
  const [reloadKey, setReloadKey] = React.useState(0);
  const seq = React.useRef(0);
  // The answer shown belongs to the current request; until it arrives the table shows placeholders.
  const requestKey = JSON.stringify([filter, orderBy, page, groupId, reloadKey]);
  const items = answer?.key === requestKey ? answer.items : null;

  React.useEffect(() => {
    const mine = ++seq.current;
    const query = Object.fromEntries(filterToQuery({ ...filter, PageNumber: page }));
    delete query.OrderBy;
    delete query.PageSize;
    groupsApi
      .getCompanyGroups({ ...query, OrderBy: orderBy, PageNumber: page, PageSize: COMPANY_GROUP_PAGE_SIZE, GroupId: groupId ?? undefined })
      .then((r) => {
        if (mine !== seq.current) return;
        setAnswer({ key: requestKey, items: r.Items });
        setCount(r.Count);
        setPages(r.NumberOfPages);
      })
      .catch((e) => {
        if (mine !== seq.current) return;
        setAnswer({ key: requestKey, items: [] });
        showErrorToast(serverMessage(e) ?? undefined);
      });
  }, [filter, orderBy, page, groupId, reloadKey, requestKey]);

  const reload = React.useCallback(() => setReloadKey((k) => k + 1), []);
  const changeFilter = (f: SearchFilter) => {
    setPage(1);
    setFilter(f);
  };
  return {
    filter,
    setFilter: changeFilter,
    /** The search box (ListSearchForm): its text, and its submission searching the trimmed text. */
    text,
    setText,
    submitSearch: () => changeFilter(updateFilter(filter, { SearchText: text.trim() })),
    orderBy,
    setOrderBy: (o: string) => {
      setPage(1);
      setOrderBy(o);
    },
    page,
    setPage,
    items,
    count,
    /** The result count to show: '…' while loading, "peste N" beyond the search's cap. */
    countText: items === null ? null : isCountCapped(count) ? `peste ${formatNumber(SEARCH_COUNT_CAP)}` : formatNumber(count),
    pages,
    reload,
  };
}

/** The groups the user may move companies into (the move menus). */
export function useEditableGroups(reloadKey: number): GroupForEdit[] {
  const [groups, setGroups] = React.useState<GroupForEdit[]>([]);
  React.useEffect(() => {
    let live = true;
    groupsApi
      .getGroupsForEdit()
      .then((g) => live && setGroups(g))
      .catch(() => live && setGroups([]));
    return () => {
      live = false;
    };
  }, [reloadKey]);
  return groups;
}
