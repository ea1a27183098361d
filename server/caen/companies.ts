// Companies of a set of CAEN classes and/or whose names match some patterns, in name order, with
// the size options of the CAEN and find-customers pages. Each class is walked on the
// (caen_code, name_norm, cui) index for just the rows the page needs, so a class of 100,000+
// companies costs the same as a small one.
import 'server-only';
// Public reads: the read replica when there is one (DATABASE_READ_URL, decision 050).
import { readSql as sql } from '../kernel/db';
import { Params } from '../kernel/sql';
import type { CompanyCardItem, PagedList } from '@/lib/company/types';
import type { CustomerOrder } from '@/lib/company-rules';
import { getCaenClass } from './queries';
import { loadCards } from '../company/queries';

/**
 * Size options by average employees: SmallBusiness under 500, MediumBusiness under 1000 (and not
 * small), LargeBusiness over 1000. Exactly 1000 is in no size class, like the other boundaries
 */
const SIZE_SQL: Record<CustomerOrder, string> = {
  Name: 'TRUE',
  SmallBusiness: 'employees < 500',
  MediumBusiness: 'employees >= 500 AND employees < 1000',
  LargeBusiness: 'employees > 1000',
};

/**
 * Deeper than this many rows, "load more" stops: 50 pages of the site's 21 cards are far more than
 * anyone scrolls. The cap is on rows, not pages (decision 040), so the API's page size does not
 * change how deep one reaches (pageSize 5 used to reach 250 companies, pageSize 100 5,000).
 */
export const MAX_ROWS_REACHED = 1050;
/** The last page a page size reaches. */
export const lastReachablePage = (pageSize: number) => Math.max(1, Math.ceil(MAX_ROWS_REACHED / pageSize));

/**
 * Count is every matching company; NumberOfPages the pages one can open (up to MAX_ROWS_REACHED
 * rows); ReachableCount how many companies those pages hold, so a client can say "the first 1,050
 * of 2,383".
 */
type CappedList<T> = PagedList<T> & { ReachableCount: number };

// Counts of large classes (100,000+ companies) cost tens of milliseconds and change only when data
// is imported: each distinct count is kept for a few minutes (pages 2, 3… and the other visitors
// of the same class reuse it).
const COUNT_TTL_MS = 10 * 60_000;
const COUNT_CACHE_MAX = 5_000;
const counts = new Map<string, { at: number; value: Promise<number> }>();

function cachedCount(text: string, params: unknown[]): Promise<number> {
  const key = JSON.stringify([text, params]);
  const hit = counts.get(key);
  if (hit && Date.now() - hit.at < COUNT_TTL_MS) return hit.value;
  if (counts.size >= COUNT_CACHE_MAX) counts.delete(counts.keys().next().value as string);
  const value = sql<{ n: number }>(text, params).then((r) => Number(r[0]?.n ?? 0));
  counts.set(key, { at: Date.now(), value });
  value.catch(() => counts.delete(key));
  return value;
}

type CompanyListQuery = {
  classes: string[];
  /** POSIX regexes on name_norm, all of which must match (trigram-indexed); [] = no name match */
  nameRegexes: string[];
  order: CustomerOrder;
  pageNumber: number;
  pageSize: number;
};

export async function listCompanies(q: CompanyListQuery): Promise<CappedList<CompanyCardItem>> {
  const lastPage = lastReachablePage(q.pageSize);
  const page = Math.min(Math.max(1, q.pageNumber), lastPage);
  const size = SIZE_SQL[q.order];
  if (q.classes.length === 0 && q.nameRegexes.length === 0) return { Items: [], Count: 0, NumberOfPages: 0, PageNumber: page, ReachableCount: 0 };
  const p = new Params([q.classes, page * q.pageSize]);
  const nameCond = q.nameRegexes.map((re) => `name_norm ~ ${p.add(re)}`).join(' AND ');
  const countParams = p.snapshot();
  const parts: string[] = [];
  if (q.classes.length) {
    parts.push(`SELECT x.cui, x.name_norm FROM unnest($1::varchar[]) k(code) CROSS JOIN LATERAL (
        SELECT cui, name_norm FROM company WHERE caen_code = k.code AND ${size} ORDER BY name_norm, cui LIMIT $2) x`);
  }
  if (nameCond) {
    parts.push(`(SELECT cui, name_norm FROM company WHERE ${nameCond} AND ${size} ORDER BY name_norm, cui LIMIT $2)`);
  }
  const limit = p.add(q.pageSize);
  const offset = p.add((page - 1) * q.pageSize);
  // $1 and $2 are referenced in every statement so that PostgreSQL can type them.
  const pageSql = `SELECT cui FROM (${parts.join(' UNION ')}) u WHERE cardinality($1::varchar[]) >= 0
    ORDER BY name_norm, cui LIMIT ${limit} OFFSET ${offset}`;
  // Counting "under 500 employees" of a 100,000-company class would read the whole class from the
  // heap: it is counted as all the class's companies (index-only) minus the few with 500 or more.
  const classCount = (cond: string) => cachedCount(`SELECT count(*) AS n FROM company WHERE caen_code = ANY($1::varchar[]) AND ${cond}`, [q.classes]);
  const classTotal = !q.classes.length
    ? Promise.resolve(0)
    : q.order === 'SmallBusiness'
      ? Promise.all([classCount('TRUE'), classCount('employees >= 500')]).then(([all, big]) => all - big)
      : classCount(size);
  const nameTotal = nameCond
    ? cachedCount(
        `SELECT count(*) AS n FROM company WHERE ${nameCond} AND ${size}
            AND (caen_code IS NULL OR caen_code <> ALL($1::varchar[])) AND $2::int >= 0`,
        countParams,
      )
    : Promise.resolve(0);
  const totalQuery = Promise.all([classTotal, nameTotal]).then(([a, b]) => a + b);
  const [rows, total] = await Promise.all([sql<{ cui: number }>(pageSql, p.values), totalQuery]);
  const pages = Math.min(Math.ceil(total / q.pageSize), lastPage);
  return {
    Items: await loadCards(rows.map((r) => r.cui)),
    Count: total,
    NumberOfPages: pages,
    PageNumber: page,
    ReachableCount: Math.min(total, pages * q.pageSize),
  };
}

/** GET /api/Company/getCompanyByCaen/{caenCode}/{pageSize}?pageNumber&orderBy (404 for an unknown class). */
export async function getCompaniesByCaen(code: string, pageNumber: number, pageSize: number, order: CustomerOrder) {
  const info = await getCaenClass(code);
  return listCompanies({ classes: [info.Code], nameRegexes: [], order, pageNumber, pageSize });
}
