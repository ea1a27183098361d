// Exact counts of the filters without text, ranges or locality, from the count cube of migration
// 20261121000200_search (docs/decisions/005). The cube is used only while it is at least as fresh
// as the landing statistics (which every import refreshes); when it is older, one background
// refresh starts and searches count the usual way until it is done.
import 'server-only';
import { wholeRange } from './conditions';
import { FISCAL_AND_RISK_FIELDS, type SearchFilter } from '@/lib/filters';
import { sql } from '../kernel/db';
import { Params } from '../kernel/sql';

const FRESHNESS_CHECK_MS = 30_000;
let checked: { at: number; fresh: boolean } | null = null;
let refreshing: Promise<void> | null = null;

export function resetCountCubeState() {
  checked = null;
}

/** Refreshes the cube (one caller at a time across processes); resolves when done. */
export async function refreshCountCube(): Promise<void> {
  refreshing ??= sql('SELECT rf_refresh_search_counts()')
    .then(() => {
      checked = null;
    })
    .catch((e) => console.error('[search] reîmprospătarea cubului de numărare a eșuat:', e instanceof Error ? e.message : e))
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

async function isFresh(): Promise<boolean> {
  if (checked && Date.now() - checked.at < FRESHNESS_CHECK_MS) return checked.fresh;
  const [row] = await sql<{ fresh: boolean }>(
    `SELECT coalesce((SELECT refreshed_at FROM mv_search_count_meta WHERE id = 1)
                     >= (SELECT refreshed_at FROM mv_landing_totals WHERE id = 1), false) AS fresh`,
  );
  const fresh = !!row?.fresh;
  checked = { at: Date.now(), fresh };
  if (!fresh) void refreshCountCube();
  return fresh;
}

/** True when the cube can count this filter: no text, no range, no locality. */
export function isCubeFilter(f: Partial<SearchFilter>): boolean {
  if ((f.SearchText ?? '').trim() !== '' || f.PrefectureId != null) return false;
  // The cube has no fiscal or risk dimension (decision 107).
  if (FISCAL_AND_RISK_FIELDS.some((k) => f[k] != null)) return false;
  const ranges: Array<[number | null | undefined, number | null | undefined, boolean]> = [
    [f.MinEmployees, f.MaxEmployees, true],
    [f.MinTurnover, f.MaxTurnover, true],
    [f.MinProfit, f.MaxProfit, false],
  ];
  return ranges.every(([min, max, neverNegative]) => {
    const r = wholeRange(min, max);
    return r.max === null && (r.min === null || (neverNegative && r.min === 0));
  });
}

/** Number of matches from the cube, or null when the cube cannot answer (not fresh, not a cube filter). */
export async function cubeCount(f: Partial<SearchFilter>): Promise<number | null> {
  if (!isCubeFilter(f)) return null;
  try {
    if (!(await isFresh())) return null;
  } catch {
    return null; // the views are missing (a database older than this migration): count the usual way
  }
  const where: string[] = [];
  const p = new Params();
  const eq = (column: string, value: unknown) => where.push(`${column} = ${p.add(value)}`);
  if (f.CaenCode) eq('caen_code', f.CaenCode);
  if (f.CountyId != null) eq('county_id', f.CountyId);
  if (f.StatusCode != null) eq('status_code', f.StatusCode);
  if (f.HasEmail != null) eq('has_email', f.HasEmail);
  if (f.HasPhone != null) eq('has_phone', f.HasPhone);
  if (f.HasInsolvencyRisk != null) eq('has_insolvency_risk', f.HasInsolvencyRisk);
  if (f.HasEuropeanProjects != null) eq('has_eu_projects', f.HasEuropeanProjects);
  if (f.HasBids != null) eq('has_tenders', f.HasBids);
  const view = f.CaenCode ? 'mv_search_count_cube' : 'mv_search_count_cube_nocaen';
  const [row] = await sql<{ n: number | null }>(
    `SELECT sum(n)::int AS n FROM ${view} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
    p.values,
  );
  return row?.n ?? 0;
}
