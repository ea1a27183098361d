// Landing statistics, read from the materialized views that every import
// refreshes (migration 20261121000100_derived, rf_refresh_stats): never a GROUP BY per request.
// A short in-process cache on top: the views change only on imports.
import 'server-only';
import type { Actor } from '../auth/actor';
// Public reads: the read replica when there is one (DATABASE_READ_URL, decision 050).
import { readSql as sql } from '../kernel/db';
import { LruCache } from '../kernel/lru';

/** One figure of the statistics strip. MinTurnover/MaxTurnover are null: these are plain counts. */
export type LandingStatistic = { Name: string; CompaniesNr: number; MaxTurnover: number | null; MinTurnover: number | null };
/** A company-size card. A bound of -1 means "open": the client includes a bound only if it is ≥ 0. */
export type SizeGroup = { Name: string; Icon: string; MinTurnover: number; MaxTurnover: number; CompaniesNr: number };
export type CountyStatistic = { Id: number; Name: string; CompaniesNr: number };
export type CaenStatistic = { Code: string; Description: string; CompaniesNr: number };

const OPEN_BOUND = -1;

/** Order and labels of the statistics strip. */
const STATISTICS_LABELS = [
  ['companies', 'Firme'],
  ['active_companies', 'Firme active'],
  ['representatives', 'Reprezentanți'],
  ['contacts', 'Contacte'],
  ['tenders', 'Licitații'],
  ['eu_projects', 'Proiecte europene'],
] as const;

/** Card label and icon (a lucide icon name the client maps) of each size band of mv_size_band_stats. */
const SIZE_CARDS: Record<number, { name: string; icon: string }> = {
  1: { name: 'Microîntreprinderi', icon: 'store' },
  2: { name: 'Întreprinderi mici', icon: 'building' },
  3: { name: 'Întreprinderi mijlocii', icon: 'building-2' },
  4: { name: 'Întreprinderi mari', icon: 'factory' },
};

const cache = new LruCache<unknown>(8, 30_000);

async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key) as T | undefined;
  if (hit !== undefined) return hit;
  const value = await load();
  cache.set(key, value);
  return value;
}

export function clearLandingCache() {
  cache.clear();
}

export async function getCompanyStatistics(_actor: Actor | null): Promise<LandingStatistic[]> {
  return cached('totals', async () => {
    const [row] = await sql<Record<string, number>>(
      `SELECT companies, active_companies, representatives, contacts, tenders, eu_projects FROM mv_landing_totals WHERE id = 1`,
    );
    return STATISTICS_LABELS.map(([column, name]) => ({ Name: name, CompaniesNr: Number(row?.[column] ?? 0), MaxTurnover: null, MinTurnover: null }));
  });
}

export async function getCompaniesNumberByDimension(_actor: Actor | null): Promise<SizeGroup[]> {
  return cached('sizes', async () => {
    const rows = await sql<{ band: number; name: string; min_turnover: number | null; max_turnover: number | null; companies: number }>(
      `SELECT band, name, min_turnover, max_turnover, companies FROM mv_size_band_stats ORDER BY band`,
    );
    return rows.map((r) => ({
      Name: SIZE_CARDS[r.band]?.name ?? r.name,
      Icon: SIZE_CARDS[r.band]?.icon ?? 'building',
      MinTurnover: r.min_turnover ?? OPEN_BOUND,
      MaxTurnover: r.max_turnover ?? OPEN_BOUND,
      CompaniesNr: Number(r.companies),
    }));
  });
}

/** Every county, most companies first (the landing shows the first 6 and finds the rest in its dropdown). */
export async function getTopCounties(_actor: Actor | null): Promise<CountyStatistic[]> {
  return cached('counties', async () => {
    const rows = await sql<{ county_id: number; name: string; companies: number }>(
      `SELECT county_id, name, companies FROM mv_county_stats ORDER BY companies DESC, county_id`,
    );
    return rows.map((r) => ({ Id: r.county_id, Name: r.name, CompaniesNr: Number(r.companies) }));
  });
}

/** Every main CAEN class with companies, most companies first (the landing shows the first 3). */
export async function getTopCaens(_actor: Actor | null): Promise<CaenStatistic[]> {
  return cached('caens', async () => {
    const rows = await sql<{ caen_code: string; name: string | null; companies: number }>(
      `SELECT caen_code, name, companies FROM mv_caen_stats ORDER BY companies DESC, caen_code`,
    );
    return rows.map((r) => ({ Code: r.caen_code, Description: r.name ?? '', CompaniesNr: Number(r.companies) }));
  });
}

/**
 * Companies behind the two insolvency-risk cards, counted the way the search filters them:
 * HasInsolvencyRisk true, and false (every other company, scored or not).
 */
export async function getRiskStatistics(_actor: Actor | null): Promise<{ low: number; high: number }> {
  return cached('risk', async () => {
    const [row] = await sql<{ companies: number; high: number }>(
      `SELECT companies, high_risk_companies AS high FROM mv_landing_totals WHERE id = 1`,
    );
    const companies = Number(row?.companies ?? 0);
    const high = Number(row?.high ?? 0);
    return { low: companies - high, high };
  });
}
