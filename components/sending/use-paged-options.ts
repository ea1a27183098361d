'use client';

// A searchable list that loads page after page ("Mai multe…" appends the next one), for the
// pickers of the send-to-groups dialog: a user may have more templates or groups than one page.
import * as React from 'react';

type Page<T> = { Items: T[]; NumberOfPages: number };

type PagedOptions<T> = {
  items: T[] | null;
  text: string;
  setText: (text: string) => void;
  hasMore: boolean;
  loading: boolean;
  loadMore: () => void;
};

/** `fetchPage(search, page)`; the search runs 300 ms after the last keystroke and starts again at page 1. */
export function usePagedOptions<T>(
  enabled: boolean,
  fetchPage: (search: string, page: number) => Promise<Page<T>>,
  onError: (e: unknown) => void,
): PagedOptions<T> {
  const [text, setText] = React.useState('');
  const [search, setSearch] = React.useState('');
  const [page, setPage] = React.useState(1);
  // What was loaded, for which search and up to which page: a new search shows the placeholder.
  const [state, setState] = React.useState<{ search: string | null; page: number; items: T[]; pages: number }>({ search: null, page: 0, items: [], pages: 0 });
  const fetchRef = React.useRef(fetchPage);
  const errorRef = React.useRef(onError);
  React.useEffect(() => {
    fetchRef.current = fetchPage;
    errorRef.current = onError;
  });

  // A typed text becomes the search 300 ms after the last key, from page 1. Only a real change: the
  // timer used to run once on opening too, and its page 1 undid a "more" clicked in that time.
  React.useEffect(() => {
    const next = text.trim();
    if (next === search) return;
    const t = window.setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, 300);
    return () => window.clearTimeout(t);
  }, [text, search]);

  React.useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchRef.current(search, page).then(
      (r) => {
        // A page already shown (the effect ran again for it) is not appended a second time.
        if (live)
          setState((s) => ({
            search,
            page,
            items: page === 1 || s.search !== search ? r.Items : s.page >= page ? s.items : [...s.items, ...r.Items],
            pages: r.NumberOfPages,
          }));
      },
      (e) => {
        if (!live) return;
        setState((s) => ({ search, page, items: s.search === search ? s.items : [], pages: 0 }));
        errorRef.current(e);
      },
    );
    return () => {
      live = false;
    };
  }, [enabled, search, page]);

  return {
    items: state.search === search ? state.items : null,
    text,
    setText,
    hasMore: state.search === search && state.page < state.pages,
    loading: state.search !== search || state.page !== page,
    loadMore: () => setPage(state.page + 1),
  };
}
