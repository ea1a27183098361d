// Bulk checks (issue 48, decision 098): a CUI list, a group or a whole search checked in one job.
// The job only holds the CUIs and its progress; the background worker checks them 100 to a call in
// the deployment's one call rate (the same budget as every other check, so a bulk job slows the
// others down rather than exceeding ANAF's limit), and the report reads the stored checks. A job
// belongs to its owner: for anyone else it does not exist (404, the same body as a missing id).
import 'server-only';
import type { SearchFilter } from '@/lib/filters';
import type { FiscalBulkJobDto } from '@/lib/fiscal/types';
import { BULK_MAX_COMPANIES } from '@/lib/fiscal/schemas';
import { formatNumber } from '@/lib/format';
import type { Actor } from '../auth/actor';
import { sql } from '../kernel/db';
import { badRequest } from '../kernel/errors';
import { assertCanReadGroup, liveCompanyGroupSql } from '../groups/policy';
import { Params, buildWhere } from '../search/conditions';
import { env } from '../kernel/env';
import { checkCompanies } from './commands';
import { listFiscalChecks } from './queries';
import type { AnafVatClient } from './anaf-client';
import type { FiscalCheckDto } from '@/lib/fiscal/types';
import { bulkJobNotFound, ownBulkJobSql } from './policy';

const TOO_MANY = `O verificare în masă are cel mult ${formatNumber(BULK_MAX_COMPANIES)} de firme.`;
/** Unfinished jobs one user may have at once. */
const OPEN_JOBS_PER_USER = 3;

type JobRow = { id: number; source: FiscalBulkJobDto['Source']; label: string; status: FiscalBulkJobDto['Status']; total: number; done: number; failed: number; created_at: Date; finished_at: Date | null };
const JOB_COLUMNS = 'j.id, j.source, j.label, j.status, j.total, j.done, j.failed, j.created_at, j.finished_at';

const toDto = (r: JobRow): FiscalBulkJobDto => ({
  Id: r.id,
  Source: r.source,
  Label: r.label,
  Status: r.status,
  Total: r.total,
  Done: r.done,
  Failed: r.failed,
  CreatedAt: r.created_at.toISOString(),
  FinishedAt: r.finished_at?.toISOString() ?? null,
});

async function insertJob(actor: Actor, source: FiscalBulkJobDto['Source'], label: string, cuis: number[]): Promise<FiscalBulkJobDto> {
  if (cuis.length === 0) throw badRequest('Nicio firmă cunoscută de verificat.');
  if (cuis.length > BULK_MAX_COMPANIES) throw badRequest(TOO_MANY);
  const [open] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM fiscal_bulk_job j WHERE ${ownBulkJobSql('$1')} AND j.status IN ('queued', 'running')`, [actor.userId]);
  if (open.n >= OPEN_JOBS_PER_USER) throw badRequest(`Aveți deja ${OPEN_JOBS_PER_USER} verificări în curs; așteptați să se termine una.`);
  const [row] = await sql<JobRow>(
    `INSERT INTO fiscal_bulk_job AS j (user_id, source, label, cuis, total) VALUES ($1, $2, $3, $4::int[], $5) RETURNING ${JOB_COLUMNS}`,
    [actor.userId, source, label.slice(0, 200), cuis, cuis.length],
  );
  return toDto(row);
}

/** A list of CUIs (the companies RadarFirme knows; the others are left out) or a group the actor reads. */
export async function createBulkCheck(actor: Actor, input: { Cuis?: number[]; GroupId?: number }): Promise<FiscalBulkJobDto> {
  if (input.GroupId !== undefined) {
    const m = await assertCanReadGroup(actor, input.GroupId);
    const rows = await sql<{ cui: number }>(
      `SELECT DISTINCT cg.cui FROM company_in_group cg WHERE cg.group_id = $1 AND ${liveCompanyGroupSql('cg')} ORDER BY cg.cui LIMIT $2`,
      [input.GroupId, BULK_MAX_COMPANIES + 1],
    );
    return insertJob(actor, 'group', `Grupul ${m.groupName}`, rows.map((r) => r.cui));
  }
  const asked = [...new Set(input.Cuis ?? [])];
  const rows = await sql<{ cui: number }>(`SELECT cui FROM company WHERE cui = ANY($1::int[]) ORDER BY cui`, [asked]);
  return insertJob(actor, 'list', `Listă de ${asked.length} CUI-uri`, rows.map((r) => r.cui));
}

/** Every company of a search (the search's own conditions, server/search/conditions.ts). */
export async function createBulkCheckFromSearch(actor: Actor, filter: Partial<SearchFilter>): Promise<FiscalBulkJobDto> {
  const built = buildWhere(filter);
  const p = new Params(built.params.values);
  const rows = await sql<{ cui: number }>(`SELECT c.cui FROM company c ${built.where} ORDER BY c.cui LIMIT ${p.add(BULK_MAX_COMPANIES + 1)}`, p.values);
  if (rows.length > BULK_MAX_COMPANIES) throw badRequest(`${TOO_MANY} Restrângeți căutarea.`);
  return insertJob(actor, 'search', filter.SearchText ? `Căutarea „${filter.SearchText}”` : 'Rezultatele unei căutări', rows.map((r) => r.cui));
}

async function ownJob(actor: Actor, id: number): Promise<JobRow & { cuis: number[] }> {
  const [row] = await sql<JobRow & { cuis: number[] }>(`SELECT ${JOB_COLUMNS}, j.cuis FROM fiscal_bulk_job j WHERE j.id = $1 AND ${ownBulkJobSql('$2')}`, [id, actor.userId]);
  if (!row) throw bulkJobNotFound();
  return row;
}

export async function getBulkCheck(actor: Actor, id: number): Promise<FiscalBulkJobDto> {
  return toDto(await ownJob(actor, id));
}

export async function listBulkChecks(actor: Actor): Promise<FiscalBulkJobDto[]> {
  const rows = await sql<JobRow>(`SELECT ${JOB_COLUMNS} FROM fiscal_bulk_job j WHERE ${ownBulkJobSql('$1')} ORDER BY j.id DESC LIMIT 20`, [actor.userId]);
  return rows.map(toDto);
}

export type BulkReportRow = { cui: number; name: string; check: FiscalCheckDto | null };

/** The report's rows: each company of the job with its stored check, in batches of 1000. */
export async function bulkReport(actor: Actor, id: number): Promise<{ job: FiscalBulkJobDto; batches: AsyncIterable<BulkReportRow[]> }> {
  const job = await ownJob(actor, id);
  async function* batches(): AsyncGenerator<BulkReportRow[]> {
    for (let i = 0; i < job.cuis.length; i += 1000) {
      const part = job.cuis.slice(i, i + 1000);
      const [names, checks] = await Promise.all([
        sql<{ cui: number; name: string }>(`SELECT cui, name FROM company WHERE cui = ANY($1::int[])`, [part]),
        listFiscalChecks(part),
      ]);
      const byCui = new Map(names.map((n) => [n.cui, n.name]));
      yield part.filter((c) => byCui.has(c)).map((c) => ({ cui: c, name: byCui.get(c)!, check: checks.get(c) ?? null }));
    }
  }
  return { job: toDto(job), batches: batches() };
}

/** How long a worker holds a job before another may take it over (it renews it after every call). */
const LEASE_SECONDS = 120;

/**
 * The worker's round: takes the oldest unfinished job (or one whose worker died: lease over) and
 * checks its next CUIs, 100 to a call, until it is done or `timeBudgetMs` has passed. Progress is
 * saved after every call, so a job taken over goes on where it stopped.
 */
export async function processBulkJobs(opts: { timeBudgetMs?: number; client?: AnafVatClient } = {}): Promise<{ jobs: number; checked: number }> {
  const deadline = Date.now() + (opts.timeBudgetMs ?? 50_000);
  const out = { jobs: 0, checked: 0 };
  while (Date.now() < deadline) {
    const [job] = await sql<{ id: number; cuis: number[]; done: number; failed: number }>(
      `UPDATE fiscal_bulk_job SET status = 'running', lease_until = clock_timestamp() + make_interval(secs => $1)
        WHERE id = (SELECT id FROM fiscal_bulk_job
                     WHERE status = 'queued' OR (status = 'running' AND lease_until < clock_timestamp())
                     ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, cuis, done, failed`,
      [LEASE_SECONDS],
    );
    if (!job) break;
    out.jobs++;
    let at = job.done + job.failed;
    while (at < job.cuis.length && Date.now() < deadline) {
      const part = job.cuis.slice(at, at + env.ANAF_CUIS_PER_CALL);
      const r = await checkCompanies(part, { client: opts.client, maxWaitMs: Math.max(1000, deadline - Date.now()) });
      at += part.length;
      out.checked += r.checked;
      await sql(
        `UPDATE fiscal_bulk_job SET done = done + $2, failed = failed + $3, lease_until = clock_timestamp() + make_interval(secs => $4) WHERE id = $1`,
        [job.id, r.checked, r.failed, LEASE_SECONDS],
      );
    }
    if (at >= job.cuis.length) {
      await sql(`UPDATE fiscal_bulk_job SET status = 'done', finished_at = now(), lease_until = NULL WHERE id = $1`, [job.id]);
    } else {
      // Out of time: the job is free for the next round (this worker or another).
      await sql(`UPDATE fiscal_bulk_job SET lease_until = clock_timestamp() WHERE id = $1`, [job.id]);
    }
  }
  return out;
}
