// Column lookup by alias: the procurement and EU exports renamed their columns from year to year
// (CamelCase in 2017–2018, human-readable in 2026, dotted JSON paths in the API exports), so each
// field is found by any of its known names, compared with diacritics and punctuation folded.
import { matchKey } from './parse';

type ColumnMap<K extends string> = { [k in K]: number };

export function findColumns<K extends string>(header: string[], aliases: Record<K, string[]>): ColumnMap<K> {
  const keys = header.map((h) => matchKey(h));
  const out = {} as ColumnMap<K>;
  for (const field of Object.keys(aliases) as K[]) {
    out[field] = aliases[field].map((a) => keys.indexOf(matchKey(a))).find((i) => i >= 0) ?? -1;
  }
  return out;
}

export function getter<K extends string>(cols: ColumnMap<K>, fields: string[]) {
  return (k: K): string => (cols[k] >= 0 ? (fields[cols[k]] ?? '') : '');
}
