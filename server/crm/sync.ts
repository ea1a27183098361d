// CRM sync (issue 50, docs/decisions/097): a user connects HubSpot or Pipedrive with a private
// token, pushes a group's companies (one CRM company per CUI: upsert, never a duplicate), pulls the
// CRM's companies to know which are "deja în CRM", and lets the scheduled sync do both for the
// groups they chose. Every push and pull is a row of crm_sync_log.
import 'server-only';
import type { CrmConnectionItem, CrmProvider, CrmSyncItem } from '@/lib/crm/schemas';
import type { Actor } from '../auth/actor';
import { prisma, sql } from '../kernel/db';
import { env } from '../kernel/env';
import { badRequest } from '../kernel/errors';
import { clockNow, nowSql } from '../kernel/clock';
import { assertCanReadGroup, liveCompanyGroupSql, visibleGroupWhere } from '../groups/policy';
import { CRM_CLIENTS, CrmError, type CrmAuth, type CrmCompanyData, type CrmRecord, type Settings } from './providers';
import { connectionNotFound, inCrmCuisSql, ownConnectionWhere } from './policy';
import { requestOAuthTokens, takeOAuthState } from './oauth';

const connectionSelect = {
  id: true,
  userId: true,
  provider: true,
  token: true,
  authKind: true,
  refreshToken: true,
  tokenExpiresAt: true,
  settings: true,
  groupIds: true,
  createdAt: true,
  lastSyncAt: true,
} as const;
type Connection = {
  id: number;
  userId: number;
  provider: string;
  token: string;
  authKind: string;
  refreshToken: string | null;
  tokenExpiresAt: Date | null;
  settings: unknown;
  groupIds: number[];
  createdAt: Date;
  lastSyncAt: Date | null;
};

/**
 * The connection's credential; an OAuth access token about to expire (within a minute) is
 * refreshed first and kept (decision 109).
 */
async function authOf(conn: Connection): Promise<CrmAuth> {
  const settings = (conn.settings ?? {}) as Settings;
  if (conn.authKind !== 'oauth') return { token: conn.token, oauth: false };
  let token = conn.token;
  if (conn.refreshToken && conn.tokenExpiresAt && conn.tokenExpiresAt.getTime() - 60_000 <= clockNow().getTime()) {
    const fresh = await requestOAuthTokens(conn.provider as CrmProvider, { refreshToken: conn.refreshToken });
    await prisma.crmConnection.update({
      where: { id: conn.id },
      data: { token: fresh.accessToken, refreshToken: fresh.refreshToken ?? conn.refreshToken, tokenExpiresAt: fresh.expiresAt },
      select: { id: true },
    });
    token = fresh.accessToken;
  }
  return { token, oauth: true, apiBase: settings.apiBase };
}

async function getOwnConnectionOrThrow(actor: Actor, provider: CrmProvider): Promise<Connection> {
  const row = await prisma.crmConnection.findFirst({ where: { provider, ...ownConnectionWhere(actor) }, select: connectionSelect });
  if (!row) throw connectionNotFound();
  return row;
}

const refuse = (e: unknown): never => {
  if (e instanceof CrmError) throw badRequest(e.message);
  throw e;
};

/** POST /api/Crm/connect: checks the token by preparing the CRM (the CUI property or field), then keeps it. */
export async function connectCrm(actor: Actor, input: { Provider: CrmProvider; Token: string; GroupIds: number[] }): Promise<CrmConnectionItem> {
  for (const id of input.GroupIds) await assertCanReadGroup(actor, id);
  const settings = await CRM_CLIENTS[input.Provider].prepare({ token: input.Token, oauth: false }).catch(refuse);
  const credential = { token: input.Token, authKind: 'token', refreshToken: null, tokenExpiresAt: null };
  await prisma.crmConnection.upsert({
    where: { userId_provider: { userId: actor.userId, provider: input.Provider } },
    create: { userId: actor.userId, provider: input.Provider, ...credential, settings, groupIds: input.GroupIds },
    update: { ...credential, settings, groupIds: input.GroupIds },
    select: { id: true },
  });
  return (await listCrmConnections(actor)).find((c) => c.Provider === input.Provider)!;
}

/**
 * GET /api/Crm/oauthCallback: the CRM sends the browser back here with a code and the state. The
 * state names the user (single use, 10 minutes); the code and the PKCE verifier buy the tokens;
 * the CRM is prepared as for a private token. The browser lands on the CRM page either way, with
 * the outcome in its query (`conectat` or `eroare`), never a token.
 */
export async function completeCrmOAuth(query: { code?: string; state?: string; error?: string }): Promise<Response> {
  const back = (q: Record<string, string>) => new Response(null, { status: 303, headers: { location: `${env.APP_URL.replace(/\/$/, '')}/CRM?${new URLSearchParams(q)}`, 'cache-control': 'no-store' } });
  const pending = query.state ? await takeOAuthState(query.state) : null;
  if (!pending) return back({ eroare: 'Autorizarea a expirat sau nu a pornit din RadarFirme. Încercați din nou.' });
  if (query.error || !query.code) return back({ eroare: 'Autorizarea a fost refuzată în CRM.' });
  try {
    const tokens = await requestOAuthTokens(pending.provider, { code: query.code, verifier: pending.verifier });
    const prepared = await CRM_CLIENTS[pending.provider].prepare({ token: tokens.accessToken, oauth: true, apiBase: tokens.apiBase });
    const settings = tokens.apiBase ? { ...prepared, apiBase: tokens.apiBase } : prepared;
    const credential = { token: tokens.accessToken, authKind: 'oauth', refreshToken: tokens.refreshToken, tokenExpiresAt: tokens.expiresAt, settings };
    await prisma.crmConnection.upsert({
      where: { userId_provider: { userId: pending.userId, provider: pending.provider } },
      create: { userId: pending.userId, provider: pending.provider, ...credential },
      update: credential,
      select: { id: true },
    });
  } catch (e) {
    if (!(e instanceof CrmError)) throw e;
    return back({ eroare: e.message });
  }
  return back({ conectat: pending.provider });
}

export async function disconnectCrm(actor: Actor, provider: CrmProvider): Promise<void> {
  const { count } = await prisma.crmConnection.deleteMany({ where: { provider, ...ownConnectionWhere(actor) } });
  if (count === 0) throw connectionNotFound();
}

export async function listCrmConnections(actor: Actor): Promise<CrmConnectionItem[]> {
  const rows = await prisma.crmConnection.findMany({
    where: ownConnectionWhere(actor),
    select: { provider: true, authKind: true, groupIds: true, createdAt: true, lastSyncAt: true, _count: { select: { companies: true } } },
    orderBy: { provider: 'asc' },
  });
  return rows.map((r) => ({ Provider: r.provider as CrmProvider, AuthKind: r.authKind === 'oauth' ? ('oauth' as const) : ('token' as const), GroupIds: r.groupIds, CreatedAt: r.createdAt.toISOString(), LastSyncAt: r.lastSyncAt?.toISOString() ?? null, Companies: r._count.companies }));
}

/** A log row; a push names its groups, and a run of the scheduled sync says so (decision 117). */
async function startLog(connectionId: number, kind: 'push' | 'pull', opts: { groupIds?: number[]; scheduled?: boolean } = {}): Promise<number> {
  const [r] = await sql<{ id: number }>(
    `INSERT INTO crm_sync_log (connection_id, kind, group_ids, scheduled, started_at) VALUES ($1, $2, $3::int[], $4, ${nowSql()}) RETURNING id`,
    [connectionId, kind, opts.groupIds ?? [], opts.scheduled ?? false],
  );
  return r.id;
}
async function endLog(id: number, r: { created?: number; updated?: number; pulled?: number; error?: string }): Promise<void> {
  await sql(`UPDATE crm_sync_log SET finished_at = ${nowSql()}, status = $2, created = $3, updated = $4, pulled = $5, error = $6 WHERE id = $1`, [
    id,
    r.error ? 'Failed' : 'Done',
    r.created ?? 0,
    r.updated ?? 0,
    r.pulled ?? 0,
    r.error?.slice(0, 500) ?? null,
  ]);
}

/** The CRM's companies by CUI, written into crm_company (pushed or pulled: either way, the CRM holds them). */
async function remember(connectionId: number, records: CrmRecord[]): Promise<void> {
  if (!records.length) return;
  await sql(
    `INSERT INTO crm_company (connection_id, cui, crm_id, name, seen_at)
     SELECT $1, r.cui, r.crm_id, left(r.name, 300), ${nowSql()} FROM unnest($2::int[], $3::text[], $4::text[]) AS r(cui, crm_id, name)
     JOIN company c ON c.cui = r.cui
     ON CONFLICT (connection_id, cui) DO UPDATE SET crm_id = EXCLUDED.crm_id, name = EXCLUDED.name, seen_at = EXCLUDED.seen_at`,
    [connectionId, records.map((r) => r.cui), records.map((r) => r.crmId), records.map((r) => r.name)],
  );
}

/**
 * Companies pushed per round: read, upserted and remembered before the next are read (decision
 * 124). A group has no size limit (10,000 companies per add, any number of adds) and 1,000,000
 * companies read whole took more than the server's 320 MB heap; a round holds about 0.5 MB.
 */
const PUSH_BATCH = 1000;

type CompanyRow = { cui: number; name: string; full_address: string | null; caen_code: string | null; turnover: string | null; employees: number | null; profit: string | null };
const COMPANY_COLUMNS = `c.cui, c.name, c.full_address, c.caen_code, c.turnover::text, c.employees, c.profit::text`;

function toCrmData(rows: CompanyRow[]): CrmCompanyData[] {
  const base = `${env.APP_URL.replace(/\/$/, '')}/company-details/`;
  return rows.map((r) => ({
    cui: r.cui,
    name: r.name,
    address: r.full_address,
    caen: r.caen_code,
    turnover: r.turnover === null ? null : Number(r.turnover),
    employees: r.employees,
    profit: r.profit === null ? null : Number(r.profit),
    url: `${base}${r.cui}`,
  }));
}

/**
 * What a push sends, PUSH_BATCH companies at a time: the chosen CUIs (unknown ones left out), then
 * each group's live companies in CUI order after the last one read (the (group_id, cui) index), a
 * company going once: with the chosen ones or the first group that holds it.
 */
async function* pushBatches(groupIds: number[], cuis: number[]): AsyncGenerator<CrmCompanyData[]> {
  for (let i = 0; i < cuis.length; i += PUSH_BATCH) {
    const rows = await sql<CompanyRow>(`SELECT ${COMPANY_COLUMNS} FROM company c WHERE c.cui = ANY($1::int[]) ORDER BY c.cui`, [cuis.slice(i, i + PUSH_BATCH)]);
    if (rows.length) yield toCrmData(rows);
  }
  for (const [g, groupId] of groupIds.entries()) {
    const earlier = groupIds.slice(0, g);
    let after = 0;
    for (;;) {
      const rows = await sql<CompanyRow>(
        `SELECT ${COMPANY_COLUMNS} FROM company_in_group cg JOIN company c ON c.cui = cg.cui
          WHERE cg.group_id = $1 AND ${liveCompanyGroupSql('cg')} AND cg.cui > $2
            AND NOT (cg.cui = ANY($3::int[]))
            AND NOT EXISTS (SELECT 1 FROM company_in_group o WHERE o.group_id = ANY($4::int[]) AND o.cui = cg.cui AND ${liveCompanyGroupSql('o')})
          ORDER BY cg.cui LIMIT $5`,
        [groupId, after, cuis, earlier, PUSH_BATCH],
      );
      if (rows.length) yield toCrmData(rows);
      if (rows.length < PUSH_BATCH) break;
      after = rows[rows.length - 1].cui;
    }
  }
}

/**
 * A push of groups' companies, or of companies chosen by CUI (`cuis`, decision 117), one batch at
 * a time: what the CRM took is remembered after each batch, so a push that fails half-way still
 * marks the companies it sent "deja în CRM".
 */
async function pushCompanies(conn: Connection, groupIds: number[], scheduled = false, cuis: number[] = []): Promise<{ created: number; updated: number }> {
  const logId = await startLog(conn.id, 'push', { groupIds, scheduled });
  let created = 0;
  let updated = 0;
  try {
    const auth = await authOf(conn);
    for await (const batch of pushBatches(groupIds, cuis)) {
      const seen = await prisma.crmCompany.findMany({ where: { connectionId: conn.id, cui: { in: batch.map((c) => c.cui) } }, select: { cui: true, crmId: true } });
      const r = await CRM_CLIENTS[conn.provider as CrmProvider].upsert(auth, conn.settings as Settings, batch, new Map(seen.map((x) => [x.cui, x.crmId])));
      await remember(conn.id, r.records);
      created += r.created;
      updated += r.updated;
    }
    await endLog(logId, { created, updated });
    return { created, updated };
  } catch (e) {
    await endLog(logId, { created, updated, error: e instanceof Error ? e.message : String(e) });
    throw e;
  }
}

/**
 * A pull, one page of the CRM's answers at a time (decision 124: a CRM may list 500,000 companies):
 * each page is remembered as it comes, and once the last is read, what the pull did not see again
 * is forgotten. A pull that fails half-way forgets nothing.
 */
async function pullCompanies(conn: Connection, scheduled = false): Promise<number> {
  const logId = await startLog(conn.id, 'pull', { scheduled });
  let pulled = 0;
  try {
    // As text: a JS Date would drop the microseconds.
    const [{ started }] = await sql<{ started: string }>(`SELECT ${nowSql()}::text AS started`);
    for await (const page of CRM_CLIENTS[conn.provider as CrmProvider].list(await authOf(conn), conn.settings as Settings)) {
      await remember(conn.id, page);
      pulled += page.length;
    }
    // What the CRM no longer holds is no longer "deja în CRM".
    await sql(`DELETE FROM crm_company WHERE connection_id = $1 AND seen_at < $2::timestamptz`, [conn.id, started]);
    await sql(`UPDATE crm_connection SET last_sync_at = ${nowSql()} WHERE id = $1`, [conn.id]);
    await endLog(logId, { pulled });
    return pulled;
  } catch (e) {
    await endLog(logId, { pulled, error: e instanceof Error ? e.message : String(e) });
    throw e;
  }
}

/** POST /api/Crm/pushGroup: the group's companies into the CRM, keyed by CUI. */
export async function pushGroupToCrm(actor: Actor, input: { Provider: CrmProvider; GroupId: number }): Promise<{ Created: number; Updated: number }> {
  return pushGroupsToCrm(actor, { Provider: input.Provider, GroupIds: [input.GroupId] });
}

/**
 * POST /api/Crm/pushGroups (decision 117): the companies of several groups in one push (a company
 * in two of them goes once), from the send-to-groups dialog. Every group must be one the caller
 * may read (404 otherwise, before anything is sent), and the connection theirs.
 */
export async function pushGroupsToCrm(actor: Actor, input: { Provider: CrmProvider; GroupIds: number[] }): Promise<{ Created: number; Updated: number }> {
  const groupIds = [...new Set(input.GroupIds)];
  for (const id of groupIds) await assertCanReadGroup(actor, id);
  const conn = await getOwnConnectionOrThrow(actor, input.Provider);
  const r = await pushCompanies(conn, groupIds).catch(refuse);
  return { Created: r.created, Updated: r.updated };
}

/**
 * POST /api/Crm/pushCompanies (decision 117): the companies ticked on the search (public company
 * data), into the caller's own CRM, keyed by CUI as a group's are.
 */
export async function pushCompaniesToCrm(actor: Actor, input: { Provider: CrmProvider; Cuis: number[] }): Promise<{ Created: number; Updated: number }> {
  const conn = await getOwnConnectionOrThrow(actor, input.Provider);
  const r = await pushCompanies(conn, [], false, [...new Set(input.Cuis)]).catch(refuse);
  return { Created: r.created, Updated: r.updated };
}

/**
 * POST /api/Crm/setSyncGroups (decision 117): the groups the scheduled sync pushes into this CRM,
 * each one the caller may read now (the groups' policy; 404 otherwise, nothing changed). The sync
 * checks them again at every run, since a member may lose a group later.
 */
export async function setCrmSyncGroups(actor: Actor, input: { Provider: CrmProvider; GroupIds: number[] }): Promise<CrmConnectionItem> {
  const conn = await getOwnConnectionOrThrow(actor, input.Provider);
  const groupIds = [...new Set(input.GroupIds)];
  for (const id of groupIds) await assertCanReadGroup(actor, id);
  await prisma.crmConnection.update({ where: { id: conn.id }, data: { groupIds }, select: { id: true } });
  return (await listCrmConnections(actor)).find((c) => c.Provider === input.Provider)!;
}

/** POST /api/Crm/pull: the CRM's companies, to mark those "deja în CRM". */
export async function pullFromCrm(actor: Actor, input: { Provider: CrmProvider }): Promise<{ Pulled: number }> {
  const conn = await getOwnConnectionOrThrow(actor, input.Provider);
  return { Pulled: await pullCompanies(conn).catch(refuse) };
}

/** GET /api/Crm/getInCrm: which of the given companies the user's CRMs hold. */
export async function findCompaniesInCrm(actor: Actor, cuis: number[]): Promise<{ Cuis: number[] }> {
  if (!cuis.length) return { Cuis: [] };
  const rows = await sql<{ cui: number }>(`SELECT DISTINCT cui FROM ${inCrmCuisSql('$1')} x WHERE cui = ANY($2::int[]) ORDER BY cui`, [actor.userId, cuis]);
  return { Cuis: rows.map((r) => r.cui) };
}

export async function listCrmSyncLog(actor: Actor): Promise<CrmSyncItem[]> {
  const rows = await prisma.crmSyncLog.findMany({
    where: { connection: ownConnectionWhere(actor) },
    select: {
      id: true,
      kind: true,
      status: true,
      scheduled: true,
      groupIds: true,
      created: true,
      updated: true,
      pulled: true,
      error: true,
      startedAt: true,
      finishedAt: true,
      connection: { select: { provider: true } },
    },
    orderBy: { id: 'desc' },
    take: 50,
  });
  // Group names only of the groups the reader still sees (a group left since is not named).
  const ids = [...new Set(rows.flatMap((r) => r.groupIds))];
  const names = new Map(
    ids.length ? (await prisma.group.findMany({ where: { id: { in: ids }, ...visibleGroupWhere(actor) }, select: { id: true, name: true } })).map((g) => [g.id, g.name]) : [],
  );
  return rows.map((r) => ({
    Id: r.id,
    Provider: r.connection.provider as CrmProvider,
    Kind: r.kind as 'push' | 'pull',
    Status: r.status as CrmSyncItem['Status'],
    Scheduled: r.scheduled,
    Groups: r.groupIds.filter((id) => names.has(id)).map((id) => ({ Id: id, Name: names.get(id)! })),
    Created: r.created,
    Updated: r.updated,
    Pulled: r.pulled,
    Error: r.error,
    StartedAt: r.startedAt.toISOString(),
    FinishedAt: r.finishedAt?.toISOString() ?? null,
  }));
}

/**
 * The scheduled sync (cron /api/cron/sync-crm): every connection not synced for `everyHours`
 * pushes its chosen groups (those its owner may still read) and pulls. One connection's failure
 * is logged and the others go on.
 */
export async function runScheduledCrmSync(everyHours = 6): Promise<{ Synced: number; Failed: number }> {
  const due = await sql<{ id: number }>(
    `SELECT id FROM crm_connection WHERE last_sync_at IS NULL OR last_sync_at <= ${nowSql()} - make_interval(hours => $1) ORDER BY last_sync_at NULLS FIRST, id LIMIT 50`,
    [everyHours],
  );
  let synced = 0;
  let failed = 0;
  for (const { id } of due) {
    const conn = await prisma.crmConnection.findUniqueOrThrow({ where: { id }, select: connectionSelect });
    const owner: Actor = { userId: conn.userId, userName: '', roles: ['User'] };
    try {
      const readable: number[] = [];
      for (const g of conn.groupIds) if (await assertCanReadGroup(owner, g).then(() => true, () => false)) readable.push(g);
      if (readable.length) await pushCompanies(conn, readable, true);
      await pullCompanies(conn, true);
      synced++;
    } catch (e) {
      failed++;
      // Tried: the next round comes after the interval, not at once.
      await sql(`UPDATE crm_connection SET last_sync_at = $2 WHERE id = $1`, [id, clockNow()]);
      console.error(`[crm] sincronizarea conexiunii ${id} a eșuat: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return { Synced: synced, Failed: failed };
}

/**
 * "Descarcă datele mele" (decision 109): the user's CRM connections (never their tokens) and the
 * sync log; the companies each CRM holds as last seen, page by page (findCrmCompaniesOf, decision 124).
 */
export async function findCrmDataOf(actor: Actor) {
  return prisma.crmConnection.findMany({
    where: ownConnectionWhere(actor),
    select: {
      id: true,
      provider: true,
      authKind: true,
      groupIds: true,
      createdAt: true,
      lastSyncAt: true,
      syncLog: { select: { kind: true, status: true, scheduled: true, groupIds: true, created: true, updated: true, pulled: true, error: true, startedAt: true, finishedAt: true }, orderBy: { id: 'asc' } },
    },
    orderBy: { provider: 'asc' },
  });
}

/** The companies one of the actor's CRM connections holds, `take` after the CUI `after`. */
export async function findCrmCompaniesOf(actor: Actor, connectionId: number, after: number, take: number) {
  return prisma.crmCompany.findMany({
    where: { connectionId, cui: { gt: after }, connection: ownConnectionWhere(actor) },
    select: { cui: true, crmId: true, name: true, seenAt: true },
    orderBy: { cui: 'asc' },
    take,
  });
}
