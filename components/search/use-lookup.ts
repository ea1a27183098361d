'use client';

// Loads a lookup list (CAEN, counties, prefectures, statuses) from its endpoint: once on
// first use, and again for each typed text when the list is searched on the server.
import * as React from 'react';
import { api, type Query } from '@/lib/api-client';
import type { ComboboxOption } from '@/components/ui/combobox';

export function useLookup<T>(
  path: string,
  toOption: (item: T) => ComboboxOption,
  baseQuery: Query = {},
): {
  options: ComboboxOption[];
  loading: boolean;
  load: (searchText?: string) => void;
} {
  const [options, setOptions] = React.useState<ComboboxOption[]>([]);
  const [loading, setLoading] = React.useState(false);
  const seq = React.useRef(0);
  const toOptionRef = React.useRef(toOption);
  React.useEffect(() => {
    toOptionRef.current = toOption;
  });
  const queryKey = JSON.stringify(baseQuery);

  const load = React.useCallback(
    (searchText = '') => {
      const mine = ++seq.current;
      setLoading(true);
      api
        .get<T[]>(path, { ...JSON.parse(queryKey), searchText }, { background: true })
        .then((rows) => {
          if (mine === seq.current) setOptions((Array.isArray(rows) ? rows : []).map((r) => toOptionRef.current(r)));
        })
        .catch(() => {
          if (mine === seq.current) setOptions([]);
        })
        .finally(() => {
          if (mine === seq.current) setLoading(false);
        });
    },
    [path, queryKey],
  );

  // A different base query (e.g. another county) makes the loaded list stale.
  const [loadedKey, setLoadedKey] = React.useState(queryKey);
  if (loadedKey !== queryKey) {
    setLoadedKey(queryKey);
    setOptions([]);
  }

  return { options, loading, load };
}
