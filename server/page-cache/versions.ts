// The versions of the public pages, as this instance knows them. PostgreSQL holds the truth
// (table page_version, written by triggers on every table a company or CAEN page shows); each
// instance reads it at most every PAGE_CACHE_POLL_MS, so an edit reaches every instance behind a
// load balancer within that time, and a cached page or an ETag is never older than its data by more.
import 'server-only';
import { env } from '../kernel/env';
// Read where the pages are read (the replica when there is one, decision 050): a version seen
// there is already replayed there, so the page rendered for it holds the change.
import { readSql as sql } from '../kernel/db';

/** How far back each poll looks for company rows: a transaction that wrote a bump commits within it. */
const LOOKBACK_MS = 5 * 60_000;

export type PageVersion = { tag: string; lastModified: Date };

type State = { global: string; globalAt: number; companies: Map<number, { seq: string; at: number }> };

let state: State | null = null;
let polledAt = 0;
let pending: Promise<void> | null = null;

async function readGlobal(): Promise<{ global: string; globalAt: number }> {
  const [row] = await sql<{ total: string; at: Date | null }>(
    `SELECT coalesce(sum(seq), 0)::text AS total, max(changed_at) AS at FROM page_version WHERE cui <= 0`,
  );
  return { global: row.total, globalAt: row.at ? row.at.getTime() : 0 };
}

async function load(): Promise<void> {
  const startedAt = Date.now();
  if (!state) {
    const companies = new Map<number, { seq: string; at: number }>();
    const rows = await sql<{ cui: number; seq: string; at: Date }>(`SELECT cui, seq::text AS seq, changed_at AS at FROM page_version WHERE cui > 0`);
    for (const r of rows) companies.set(r.cui, { seq: r.seq, at: r.at.getTime() });
    state = { ...(await readGlobal()), companies };
  } else {
    const rows = await sql<{ cui: number; seq: string; at: Date }>(
      `SELECT cui, seq::text AS seq, changed_at AS at FROM page_version WHERE cui > 0 AND changed_at > $1`,
      [new Date(polledAt - LOOKBACK_MS)],
    );
    for (const r of rows) state.companies.set(r.cui, { seq: r.seq, at: r.at.getTime() });
    Object.assign(state, await readGlobal());
  }
  polledAt = startedAt;
}

/** Brings the versions up to date when the last read is older than the poll interval. */
export async function refreshVersions(): Promise<void> {
  if (state && Date.now() - polledAt < env.PAGE_CACHE_POLL_MS) return;
  pending ??= load().finally(() => {
    pending = null;
  });
  await pending;
}

/** The version of a company page (cui) or of a page that shows the register as a whole (null). */
export function pageVersion(cui: number | null): PageVersion {
  if (!state) throw new Error('refreshVersions() first');
  const company = cui == null ? undefined : state.companies.get(cui);
  const at = Math.max(state.globalAt, company?.at ?? 0);
  return { tag: `${state.global}.${company?.seq ?? 0}`, lastModified: new Date(Math.floor(at / 1000) * 1000) };
}

/** Tests: forget what was read, so the next refresh reads everything again. */
export function resetVersions(): void {
  state = null;
  polledAt = 0;
}
