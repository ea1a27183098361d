'use client';

// Options of an async Combobox loaded from the server for each typed text: `load(searchText)`
// asks `fetchRows`, and only the answer to the latest call is kept, so a slow earlier answer
// cannot replace a newer one. A different `key` (e.g. another user or county) empties the list.
import * as React from 'react';
import type { ComboboxOption } from './combobox';

export type AsyncOptions = { options: ComboboxOption[]; loading: boolean; load: (searchText?: string) => void };

export function useAsyncOptions<T>(
  fetchRows: (searchText: string) => Promise<T[]>,
  toOption: (item: T) => ComboboxOption,
  key: string,
  onError?: (e: unknown) => void,
): AsyncOptions {
  const [options, setOptions] = React.useState<ComboboxOption[]>([]);
  const [loading, setLoading] = React.useState(false);
  const seq = React.useRef(0);
  const latest = React.useRef({ fetchRows, toOption, onError });
  React.useEffect(() => {
    latest.current = { fetchRows, toOption, onError };
  });

  const load = React.useCallback(
    (searchText = '') => {
      const mine = ++seq.current;
      setLoading(true);
      latest.current
        .fetchRows(searchText)
        .then((rows) => {
          if (mine === seq.current) setOptions((Array.isArray(rows) ? rows : []).map((r) => latest.current.toOption(r)));
        })
        .catch((e) => {
          if (mine !== seq.current) return;
          setOptions([]);
          latest.current.onError?.(e);
        })
        .finally(() => {
          if (mine === seq.current) setLoading(false);
        });
    },
    // `key` names what fetchRows asks for: a new one makes a new `load`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );

  const [loadedKey, setLoadedKey] = React.useState(key);
  if (loadedKey !== key) {
    setLoadedKey(key);
    setOptions([]);
  }

  return { options, loading, load };
}
