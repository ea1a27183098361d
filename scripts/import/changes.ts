// Change facts (docs/decisions/053): what an import changed on a company that already existed,
// recorded as company_change rows with the source, the data date and the run. Every step is one
// set-based statement over the run's own working tables, comparing the stored row (before) with
// the staged or recomputed one (after), so a run costs one more join per chunk, not a loop.
// A repeated import of the same files finds nothing different and records nothing. The first
// completed run of a source is its baseline: a first load of the MF years, SICAP awards or EU
// lists would otherwise record every historical statement, award and project as news.
import { INSOLVENCY_HIGH_THRESHOLD, INSOLVENCY_LEVEL_LABELS, INSOLVENCY_LOW_THRESHOLD } from '../../lib/company-rules';
import type { RunContext } from './engine';

const INSERT = `INSERT INTO company_change (cui, kind, old_value, new_value, source, data_date, run_id)`;

/** SQL boolean: the source had a completed run before this one (the run is not its baseline). */
const HAS_BASELINE = `EXISTS (SELECT 1 FROM import_run r WHERE r.source = $3::varchar AND r.status = 'done' AND r.id < $2)`;

/** The insolvency band of a score, as the company page's gauge names it (lib/company-rules.ts). */
const band = (score: string) =>
  `CASE WHEN ${score} IS NULL THEN NULL WHEN ${score} > ${INSOLVENCY_LOW_THRESHOLD} THEN '${INSOLVENCY_LEVEL_LABELS.low}'
        WHEN ${score} < ${INSOLVENCY_HIGH_THRESHOLD} THEN '${INSOLVENCY_LEVEL_LABELS.high}' ELSE '${INSOLVENCY_LEVEL_LABELS.medium}' END`;

/** The status as shown: its name and ONRC code ("Funcțiune (1048)"). */
const statusText = (code: string) => `coalesce((SELECT s.name FROM company_status s WHERE s.code = ${code}), 'Cod') || ' (' || ${code} || ')'`;

/** The address as shown: the full address, with the county's name when the address leaves it out. */
const addressText = (address: string, county: string) =>
  `concat_ws(', ', ${address}, (SELECT co.name FROM county co WHERE co.id = ${county} AND position(lower(co.name) IN lower(coalesce(${address}, ''))) = 0))`;

const params = (ctx: RunContext) => [ctx.dataDate, ctx.runId, ctx.source];

/**
 * ONRC, per merge chunk, before the chunk's upsert: status, name and address of the companies
 * already in the register (onrc_chunk holds the snapshot's values, company the stored ones).
 */
export async function recordOnrcChanges(ctx: RunContext): Promise<void> {
  await ctx.client.query(
    `${INSERT}
     SELECT k.cui, x.kind, x.old_value, x.new_value, $3::varchar, $1::date, $2
     FROM onrc_chunk k JOIN company c ON c.cui = k.cui
     CROSS JOIN LATERAL (VALUES
       ('status', c.status_code IS DISTINCT FROM k.status_code, c.status_code, k.status_code),
       ('name', c.name IS DISTINCT FROM k.name, NULL, NULL),
       ('address', (c.full_address, c.county_id) IS DISTINCT FROM (k.full_address, k.county_id), NULL, NULL)
     ) d(kind, differs, old_code, new_code)
     CROSS JOIN LATERAL (SELECT d.kind,
       CASE d.kind WHEN 'status' THEN ${statusText('d.old_code')} WHEN 'name' THEN c.name ELSE ${addressText('c.full_address', 'c.county_id')} END AS old_value,
       CASE d.kind WHEN 'status' THEN ${statusText('d.new_code')} WHEN 'name' THEN k.name ELSE ${addressText('k.full_address', 'k.county_id')} END AS new_value) x
     WHERE k.existed AND d.differs AND ${HAS_BASELINE}`,
    params(ctx),
  );
}

/** SICAP, per chunk, before the upsert: an award not on record yet is a tender won by its supplier. */
export async function recordSicapChanges(ctx: RunContext): Promise<void> {
  await ctx.client.query(
    `${INSERT}
     SELECT s.supplier_cui, 'tender_won', NULL,
            left(s.title, 400) || coalesce(' (' || s.final_value || ' lei, ' || s.authority_name || ')', ''), $3::varchar, $1::date, $2
     FROM sicap_chunk s
     WHERE s.supplier_cui IS NOT NULL AND ${HAS_BASELINE}
       AND EXISTS (SELECT 1 FROM company c WHERE c.cui = s.supplier_cui)
       AND NOT EXISTS (SELECT 1 FROM tender t WHERE t.source_key = s.source_key)`,
    params(ctx),
  );
}

/** EU lists, before the upsert: a project (programme code and beneficiary) not on record yet. */
export async function recordEuChanges(ctx: RunContext): Promise<void> {
  await ctx.client.query(
    `${INSERT}
     SELECT DISTINCT ON (e.source_key) e.matched, 'eu_project', NULL, left(e.code || ' – ' || e.name, 500), $3::varchar, $1::date, $2
     FROM eu_chunk e
     WHERE e.matched IS NOT NULL AND ${HAS_BASELINE}
       AND NOT EXISTS (SELECT 1 FROM eu_project p WHERE p.source_key = e.source_key)
     ORDER BY e.source_key, e.file DESC, e.line DESC`,
    params(ctx),
  );
}

/**
 * MF, before the after-merge write of the companies' latest-year facts: those facts as they are
 * now. Kept across a crash (a resumed run keeps the first copy, ON CONFLICT DO NOTHING).
 */
export async function captureFactsBefore(ctx: RunContext): Promise<void> {
  if (ctx.source !== 'mf') return;
  // what an abandoned run left (one MF run at a time: the engine's advisory lock)
  await ctx.client.query('DELETE FROM imp_fact_before WHERE run_id <> $1', [ctx.runId]);
  await ctx.client.query(
    `INSERT INTO imp_fact_before (run_id, cui, caen_code, last_year, employees, turnover, profit, insolvency_score)
     SELECT $1, c.cui, c.caen_code, c.last_year, c.employees, c.turnover, c.profit, c.insolvency_score
     FROM imp_changed x JOIN company c ON c.cui = x.cui WHERE x.source = 'mf'
     ON CONFLICT DO NOTHING`,
    [ctx.runId],
  );
}

/** A metric moved across one of its change_threshold levels. */
const crossed = (metric: string) =>
  `EXISTS (SELECT 1 FROM change_threshold t WHERE t.metric = '${metric}' AND (b.${metric} >= t.value) <> (c.${metric} >= t.value))`;

/**
 * MF, after the derived facts are final: a newer financial year, the main activity, turnover,
 * profit and employees across a threshold, the insolvency band. Amounts compare only between two
 * filed years (a company's first statement is the new year alone). Idempotent for a resumed run.
 */
export async function recordFactChanges(ctx: RunContext): Promise<void> {
  if (ctx.source !== 'mf') return;
  await ctx.client.query(
    `${INSERT}
     SELECT b.cui, d.kind, d.old_value, d.new_value, $3::varchar, $1::date, $2
     FROM imp_fact_before b JOIN company c ON c.cui = b.cui
     CROSS JOIN LATERAL (VALUES
       ('financial_year', c.last_year > coalesce(b.last_year, 0), b.last_year::text, c.last_year::text),
       ('caen', b.caen_code IS NOT NULL AND c.caen_code IS DISTINCT FROM b.caen_code,
          b.caen_code || coalesce(' – ' || (SELECT k.name FROM caen k WHERE k.revision = 2 AND k.code = b.caen_code), ''),
          c.caen_code || coalesce(' – ' || (SELECT k.name FROM caen k WHERE k.revision = 2 AND k.code = c.caen_code), '')),
       ('turnover', b.last_year IS NOT NULL AND ${crossed('turnover')}, b.turnover::text, c.turnover::text),
       ('profit', b.last_year IS NOT NULL AND ${crossed('profit')}, b.profit::text, c.profit::text),
       ('employees', b.last_year IS NOT NULL AND ${crossed('employees')}, b.employees::text, c.employees::text),
       ('insolvency', ${band('b.insolvency_score')} IS DISTINCT FROM ${band('c.insolvency_score')} AND b.insolvency_score IS NOT NULL
          AND c.insolvency_score IS NOT NULL, ${band('b.insolvency_score')}, ${band('c.insolvency_score')})
     ) d(kind, differs, old_value, new_value)
     WHERE b.run_id = $2 AND d.differs AND ${HAS_BASELINE}
       AND NOT EXISTS (SELECT 1 FROM company_change e WHERE e.run_id = $2 AND e.cui = b.cui AND e.kind = d.kind)`,
    params(ctx),
  );
  await ctx.client.query('DELETE FROM imp_fact_before WHERE run_id = $1', [ctx.runId]);
}

