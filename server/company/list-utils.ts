// Shared pieces of the tab lists (tenders, EU projects, collaborations): the "field" / "field_desc"
// sort value, diacritics-insensitive text search and page counts.
import 'server-only';
import { normalizeSearchText } from '@/lib/text';
import { containsPattern, type Params } from '../kernel/sql';
import { ownValue } from '@/lib/shared/own-key';

export type SortField = { expr: string };

/** Parses 'title' / 'Title_desc' / 'publishDate_asc' against a whitelist; unknown → the default. */
export function parseSort(orderBy: string | null | undefined, fields: Record<string, SortField>, fallback: string) {
  const raw = (orderBy ?? '').trim();
  const desc = /_desc$/i.test(raw);
  const name = raw.replace(/_(desc|asc)$/i, '').toLowerCase();
  const field = ownValue(fields, name);
  if (field) return { field, desc };
  const [defName, defDir] = fallback.split('_');
  return { field: fields[defName.toLowerCase()], desc: defDir === 'desc' };
}

export function orderClause(orderBy: string | null | undefined, fields: Record<string, SortField>, fallback: string, tieBreak: string): string {
  const { field, desc } = parseSort(orderBy, fields, fallback);
  return `${field.expr} ${desc ? 'DESC' : 'ASC'} NULLS LAST, ${tieBreak} ${desc ? 'DESC' : 'ASC'}`;
}

/**
 * WHERE fragment matching every word of the search text (diacritics- and case-insensitive) in any
 * of the columns; pushes its parameters. '' → null (no filter).
 */
export function textFilter(searchText: string, p: Params, columns: string[]): string | null {
  const words = normalizeSearchText(searchText).split(' ').filter(Boolean).slice(0, 8);
  if (words.length === 0) return null;
  const haystack = `rf_norm(concat_ws(' ', ${columns.join(', ')}))`;
  return words
    .map((w) => `${haystack} LIKE ${p.add(containsPattern(w))}`)
    .join(' AND ');
}

export function pageCount(count: number, pageSize: number): number {
  return pageSize > 0 ? Math.ceil(count / pageSize) : 0;
}
