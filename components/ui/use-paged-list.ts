'use client';

// The state of a signed-in paged list (templates, drafts, groups, a draft's companies): the search
// box's text and the search it submitted, the order, the page, the loaded page (null while
// loading) and a reload. Any change of search, order, page or `deps` loads again; an answer that
// arrives after a newer request is dropped. A page emptied by a delete steps back to the last page
// that has rows. A failed load shows an empty page and calls onError.
import * as React from 'react';
import { EMPTY_PAGE, type Paged } from '@/lib/shared/paged';

export type PagedListQuery = { OrderBy: string; SearchText: string; PageNumber: number };

export function usePagedList<T>(
  load: (query: PagedListQuery) => Promise<Paged<T>>,
  { defaultOrder, onError, deps = [] }: { defaultOrder: string; onError: (e: unknown) => void; deps?: React.DependencyList },
) {
  const [text, setText] = React.useState('');
  const [search, setSearch] = React.useState('');
  const [orderBy, setOrderBy] = React.useState(defaultOrder);
  const [page, setPage] = React.useState(1);
  const [reloadKey, setReloadKey] = React.useState(0);
  // The answer and the request it answers: while the current request is out, the data is null.
  const key = JSON.stringify([orderBy, search, page, reloadKey, ...deps]);
  const [loaded, setLoaded] = React.useState<{ key: string; data: Paged<T> } | null>(null);
  const data = loaded?.key === key ? loaded.data : null;
  // The latest callbacks, without reloading when only their identity changes.
  const latest = React.useRef({ load, onError });
  React.useLayoutEffect(() => {
    latest.current = { load, onError };
  });

  React.useEffect(() => {
    let live = true;
    latest.current
      .load({ OrderBy: orderBy, SearchText: search, PageNumber: page })
      .then((r) => {
        if (!live) return;
        if (r.Items.length === 0 && page > 1 && r.NumberOfPages > 0) setPage(r.NumberOfPages);
        else setLoaded({ key, data: r });
      })
      .catch((e) => {
        if (!live) return;
        setLoaded({ key, data: EMPTY_PAGE });
        latest.current.onError(e);
      });
    return () => {
      live = false;
    };
  }, [key, orderBy, search, page]);

  return {
    text,
    setText,
    /** The search box was submitted: search its trimmed text from page 1. */
    submitSearch: () => {
      setPage(1);
      setSearch(text.trim());
    },
    orderBy,
    /** A new order, from page 1. */
    setOrder: (next: string) => {
      setPage(1);
      setOrderBy(next);
    },
    page,
    setPage,
    data,
    reload: () => setReloadKey((k) => k + 1),
  };
}
