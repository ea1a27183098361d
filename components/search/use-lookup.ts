'use client';

// Loads a lookup list (CAEN, counties, prefectures, statuses) from its endpoint: once on
// first use, and again for each typed text when the list is searched on the server. The endpoint
// is named by its contract key, so its rows are typed by the contract's answer.
import { type Query, queryCall, type AnswerOf } from '@/lib/api/client';
import type { ContractKey } from '@/lib/api/contract';
import type { ComboboxOption } from '@/components/ui/combobox';
import { useAsyncOptions, type AsyncOptions } from '@/components/ui/use-async-options';

/** The GET endpoints that answer a list. */
export type ListKey = { [K in ContractKey]: K extends `GET ${string}` ? (AnswerOf<K> extends ReadonlyArray<unknown> ? K : never) : never }[ContractKey];
/** A row of such a list, as its contract describes it. */
export type ListItem<K extends ListKey> = AnswerOf<K> extends ReadonlyArray<infer T> ? T : never;

export function useLookup<K extends ListKey>(key: K, toOption: (item: ListItem<K>) => ComboboxOption, baseQuery: Query = {}): AsyncOptions {
  const queryKey = JSON.stringify(baseQuery);
  return useAsyncOptions<ListItem<K>>(
    // ListKey holds only list answers: the generic call answers a list of ListItem<K>.
    (searchText) => queryCall(key, { query: { ...(JSON.parse(queryKey) as Query), searchText }, background: true }) as Promise<Array<ListItem<K>>>,
    toOption,
    `${key} ${queryKey}`,
  );
}
