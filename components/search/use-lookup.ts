'use client';

// Loads a lookup list (CAEN, counties, prefectures, statuses) from its endpoint: once on
// first use, and again for each typed text when the list is searched on the server.
import { api, type Query } from '@/lib/api-client';
import type { ComboboxOption } from '@/components/ui/combobox';
import { useAsyncOptions, type AsyncOptions } from '@/components/ui/use-async-options';

export function useLookup<T>(path: string, toOption: (item: T) => ComboboxOption, baseQuery: Query = {}): AsyncOptions {
  const queryKey = JSON.stringify(baseQuery);
  return useAsyncOptions<T>(
    (searchText) => api.get<T[]>(path, { ...JSON.parse(queryKey), searchText }, { background: true }),
    toOption,
    `${path} ${queryKey}`,
  );
}
