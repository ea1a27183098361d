// A company's court cases (decisions 098 and 108): looked up on the courts' portal by the company's
// name in the background (followed companies, oldest lookup first) or on a signed-in user's demand
// ("Caută dosare", limited per user), stored, and shown on the company page from the stored rows
// only. Each case keeps how it was tied to the company (its CUI in the party's name, or the name
// alone). A case not seen before, for a company looked up before, becomes a monitoring event
// ("Dosar nou în instanță", source "instante") for its followers.
import 'server-only';
import { env } from '../kernel/env';
import { sql, readSql } from '../kernel/db';
import { nowSql } from '../kernel/clock';
import { withTransaction } from '../kernel/tx';
import { liveCompanyGroupSql } from '../groups/policy';
import { FiscalUnavailableError } from './anaf-client';
import { isInsolvencyCase, matchCompanyParty, nextHearing, searchCourtCases, type CaseMatch } from './courts';
import { bucharestToday } from './commands';
import { notFound } from '../kernel/errors';
import { hitRateLimit, rateLimited } from '../kernel/rate-limit';
import type { Actor } from '../auth/actor';
import { courtLookupLimitKey } from './policy';
import type { CourtCasesDto } from '@/lib/fiscal/types';
import { pluralRo } from '@/lib/search-count';

const cut = (s: string, n: number) => s.slice(0, n);

/** Looks up one company's cases and stores them; returns the new ones (none on a first lookup). */
export async function refreshCourtCases(cui: number, opts: { url?: string; intervalMs?: number; timeoutMs?: number; maxWaitMs?: number } = {}): Promise<{ added: number; error: string | null }> {
  const [company] = await sql<{ name: string }>(`SELECT name FROM company WHERE cui = $1`, [cui]);
  if (!company) return { added: 0, error: null };
  let found;
  try {
    found = await searchCourtCases(company.name, opts);
  } catch (e) {
    if (!(e instanceof FiscalUnavailableError)) throw e;
    await sql(
      `INSERT INTO court_check (cui, error_at, error) VALUES ($1, clock_timestamp(), $2)
       ON CONFLICT (cui) DO UPDATE SET error_at = EXCLUDED.error_at, error = EXCLUDED.error`,
      [cui, e.message],
    );
    return { added: 0, error: e.message };
  }
  const today = bucharestToday();
  const mine = found
    .map((c) => ({ c, party: matchCompanyParty(c, { name: company.name, cui }) }))
    .filter((x): x is { c: (typeof found)[number]; party: { role: string; match: CaseMatch } } => x.party !== null)
    .map(({ c, party }) => ({
      number: cut(c.number, 60),
      court: cut(c.court, 120),
      case_date: c.date,
      object: cut(c.object, 400),
      stage: cut(c.stage, 60),
      category: cut(c.category, 60),
      role: cut(party.role, 60),
      match: party.match,
      next_hearing: nextHearing(c, today)?.date ?? null,
      is_insolvency: isInsolvencyCase(c),
    }));
  return withTransaction(async (client) => {
    const before = await client.query<{ checked_at: Date | null }>(`SELECT checked_at FROM court_check WHERE cui = $1 FOR UPDATE`, [cui]);
    const known = new Set((await client.query<{ k: string }>(`SELECT number || '|' || court AS k FROM court_case WHERE cui = $1`, [cui])).rows.map((r) => r.k));
    // The stored cases are those of the last lookup: a case the portal no longer ties to the company
    // (a namesake's, now told apart by its CUI) leaves the page.
    await client.query(
      `DELETE FROM court_case WHERE cui = $1 AND (number, court) NOT IN (SELECT x.number, x.court FROM jsonb_to_recordset($2::jsonb) AS x(number text, court text))`,
      [cui, JSON.stringify(mine)],
    );
    await client.query(
      `INSERT INTO court_case (cui, number, court, case_date, object, stage, category, role, match, next_hearing, is_insolvency, seen_at)
       SELECT $1, x.number, x.court, x.case_date, x.object, x.stage, x.category, x.role, x.match, x.next_hearing, x.is_insolvency, clock_timestamp()
       FROM jsonb_to_recordset($2::jsonb) AS x(number text, court text, case_date date, object text, stage text, category text, role text, match text, next_hearing date, is_insolvency bool)
       ON CONFLICT (cui, number, court) DO UPDATE SET stage = EXCLUDED.stage, object = EXCLUDED.object, role = EXCLUDED.role, match = EXCLUDED.match,
         next_hearing = EXCLUDED.next_hearing, is_insolvency = EXCLUDED.is_insolvency, seen_at = EXCLUDED.seen_at`,
      [cui, JSON.stringify(mine)],
    );
    await client.query(
      `INSERT INTO court_check (cui, checked_at) VALUES ($1, clock_timestamp())
       ON CONFLICT (cui) DO UPDATE SET checked_at = EXCLUDED.checked_at, error_at = NULL, error = NULL`,
      [cui],
    );
    const fresh = mine.filter((m) => !known.has(`${m.number}|${m.court}`));
    if (before.rows[0]?.checked_at && fresh.length) {
      const run = await client.query<{ id: number }>(
        `INSERT INTO import_run (source, file_key, file_name, data_date, status, phase, finished_at)
         VALUES ('instante', 'courts:' || $1 || ':' || to_char(clock_timestamp(), 'YYYYMMDDHH24MISSMS'), 'Portalul instanțelor (CautareDosare2)', $2::date, 'done', 'done', now()) RETURNING id`,
        [cui, today],
      );
      await client.query(
        `INSERT INTO company_change (cui, kind, old_value, new_value, source, data_date, run_id)
         SELECT $1, 'court_case', NULL, x.text, 'instante', $2::date, $3 FROM jsonb_to_recordset($4::jsonb) AS x(text text)`,
        [cui, today, run.rows[0].id, JSON.stringify(fresh.map((f) => ({ text: cut(`${f.number}, ${f.court}: ${f.object} (${f.role}${f.is_insolvency ? ', insolvență' : ''})`, 600) })))],
      );
    }
    return { added: before.rows[0]?.checked_at ? fresh.length : 0, error: null };
  });
}

/** The worker's round: followed companies whose cases were looked up longest ago (or never), at most `limit`. */
export async function refreshFollowedCourtCases(limit = 5, opts: Parameters<typeof refreshCourtCases>[1] = {}): Promise<number> {
  const due = await sql<{ cui: number }>(
    `WITH followed AS (
       SELECT cui FROM watch_company
       UNION
       SELECT cg.cui FROM watch_group wg JOIN company_in_group cg ON cg.group_id = wg.group_id AND ${liveCompanyGroupSql('cg')}
     )
     SELECT f.cui FROM followed f LEFT JOIN court_check k ON k.cui = f.cui
      WHERE k.checked_at IS NULL OR k.checked_at < ${nowSql()} - make_interval(secs => $1)
      ORDER BY k.checked_at NULLS FIRST, f.cui LIMIT $2`,
    [env.FISCAL_MAX_AGE_HOURS * 3600, limit],
  );
  for (const d of due) await refreshCourtCases(d.cui, opts);
  return due.length;
}

/** The company page's read: the stored cases, newest first (never a call to the portal). */
export async function getCourtCases(cui: number, onPrimary = false): Promise<CourtCasesDto> {
  const [check] = await readSql<{ checked_at: Date | null; error_at: Date | null; error: string | null }>(`SELECT checked_at, error_at, error FROM court_check WHERE cui = $1`, [cui], onPrimary);
  const rows = await readSql<{ number: string; court: string; case_date: string | null; object: string; stage: string; role: string; match: CaseMatch; next_hearing: string | null; is_insolvency: boolean }>(
    `SELECT number, court, case_date::text, object, stage, role, match, next_hearing::text, is_insolvency FROM court_case WHERE cui = $1
      ORDER BY is_insolvency DESC, case_date DESC NULLS LAST, number LIMIT 50`,
    [cui],
    onPrimary,
  );
  const failed = check?.error_at && (!check.checked_at || check.error_at > check.checked_at);
  return {
    CheckedAt: check?.checked_at?.toISOString() ?? null,
    Error: failed ? check!.error : null,
    Cases: rows.map((r) => ({ Number: r.number, Court: r.court, CaseDate: r.case_date, Object: r.object, Stage: r.stage, Role: r.role, Match: r.match, NextHearing: r.next_hearing, IsInsolvency: r.is_insolvency })),
  };
}

/** How long "Caută dosare" waits for the portal's shared turn before it gives up for now. */
const LOOKUP_NOW_WAIT_MS = 10_000;

/**
 * "Caută dosare": a signed-in user's lookup of any company's cases now, followed or not. Limited
 * per user per hour (COURTS_LOOKUP_NOW_PER_HOUR); the user, not a page, waits for the portal's
 * turn. A failed lookup keeps the stored cases and says why.
 */
export async function lookUpCourtCasesNow(actor: Actor, cui: number): Promise<{ Message: string; Courts: CourtCasesDto }> {
  const [company] = await sql<{ cui: number }>(`SELECT cui FROM company WHERE cui = $1`, [cui]);
  if (!company) throw notFound('Firma nu a fost găsită.');
  if (env.COURTS_LOOKUP_NOW_PER_HOUR > 0) {
    const hit = await hitRateLimit(courtLookupLimitKey(actor), env.COURTS_LOOKUP_NOW_PER_HOUR, 3600);
    if (!hit.allowed) throw rateLimited(hit.retryAfterSeconds, (m) => `Ați căutat dosarele multor firme. Încercați din nou peste ${m} minute.`);
  }
  const r = await refreshCourtCases(cui, { maxWaitMs: LOOKUP_NOW_WAIT_MS });
  const courts = await getCourtCases(cui, true);
  return {
    Message: r.error ? `Căutarea pe portalul instanțelor nu a putut fi făcută acum: ${r.error}` : `Dosarele au fost căutate pe portalul instanțelor: ${pluralRo(courts.Cases.length, 'dosar', 'dosare')}.`,
    Courts: courts,
  };
}
