// Many companies into one group at once (issue 27): a whole search (up to BULK_ADD_MAX, in the
// search's order) or the found CUIs of a list. One statement, so one transaction: companies
// removed from the group earlier come back with their comments (soft delete, decision 038), the
// ones already in it are counted and left alone, never duplicated. Like POST
// /api/Group/addComapaniesToGroup, the companies are not taken out of the user's other groups.
import 'server-only';
import type { SearchFilter } from '@/lib/filters';
import { DEFAULT_ORDER_BY } from '@/lib/filters';
import type { AddToGroupResult, CuiListPreview } from '@/lib/prospecting/types';
import { readCuiList } from '@/lib/prospecting/cui-list';
import { ownValue } from '@/lib/shared/own-key';
import type { Actor } from '../auth/actor';
import { sql } from '../kernel/db';
import { withTransaction } from '../kernel/tx';
import { env } from '../kernel/env';
import { badRequest } from '../kernel/errors';
import { assertCanEditGroup, assertCanReadGroup, liveCompanyGroupSql } from '../groups/policy';
import { Params, buildWhere } from '../search/conditions';
import { firstLines } from '../uploads/bounded-sheet';
import { readCuiListFile } from './cui-file';

const SORT_COLUMN = { Profit_desc: 'profit', Turnover_desc: 'turnover' } as const;

/**
 * Adds the CUIs the subquery `source` (one column `cui`) selects to group `groupId` (bound at `g`, the
 * user at `u`). The search engine's change log (decision 026) gets the changed companies in one
 * INSERT instead of the per-row trigger (10,000 trigger calls were most of a bulk add: decision 064).
 */
async function addSelected(source: string, p: Params, g: string, u: string): Promise<AddToGroupResult> {
  const r = await withTransaction(async (client) => {
    await client.query(`SET LOCAL rf.search_log = 'off'`);
    const res = await client.query<{ total: number; restored: number; inserted: number }>(
      `WITH m AS MATERIALIZED (${source}),
            restored AS (UPDATE company_in_group cg SET is_deleted = false, added_by_id = ${u}, created_at = now()
                           FROM m WHERE cg.group_id = ${g} AND cg.cui = m.cui AND cg.is_deleted RETURNING cg.cui),
            inserted AS (INSERT INTO company_in_group (group_id, cui, added_by_id)
                         SELECT ${g}, m.cui, ${u} FROM m ON CONFLICT (group_id, cui) DO NOTHING RETURNING cui),
            logged AS (INSERT INTO search_change (cui) SELECT cui FROM restored UNION ALL SELECT cui FROM inserted)
       SELECT (SELECT count(*) FROM m)::int AS total, (SELECT count(*) FROM restored)::int AS restored, (SELECT count(*) FROM inserted)::int AS inserted`,
      p.values,
    );
    return res.rows[0];
  });
  const added = r.restored + r.inserted;
  return { Added: added, AlreadyInGroup: r.total - added, Total: r.total, Capped: false };
}

/** POST /api/Group/addSearchToGroup: the search's first BULK_ADD_MAX matches, in its order. */
export async function addSearchToGroup(actor: Actor, groupId: number, filter: Partial<SearchFilter>): Promise<AddToGroupResult> {
  await assertCanEditGroup(actor, groupId);
  const sort = ownValue(SORT_COLUMN, filter.OrderBy ?? DEFAULT_ORDER_BY) ?? SORT_COLUMN[DEFAULT_ORDER_BY];
  const built = buildWhere(filter);
  // One more than the cap says whether the search had more.
  const probe = new Params(built.params.values);
  const [counted] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM company c ${built.where} LIMIT ${probe.add(env.BULK_ADD_MAX + 1)}) t`,
    probe.values,
  );
  const capped = counted.n > env.BULK_ADD_MAX;
  const p = new Params(built.params.values);
  const g = p.add(groupId);
  const u = p.add(actor.userId);
  const source = `SELECT c.cui FROM company c ${built.where} ORDER BY c.${sort} DESC, c.cui DESC LIMIT ${p.add(env.BULK_ADD_MAX)}`;
  return { ...(await addSelected(source, p, g, u)), Capped: capped };
}

/** POST /api/Group/addCuiList: the companies of a checked list that exist (unknown CUIs are skipped). */
export async function addCuiListToGroup(actor: Actor, groupId: number, cuis: number[]): Promise<AddToGroupResult> {
  await assertCanEditGroup(actor, groupId);
  if (cuis.length > env.CUI_LIST_MAX_LINES) throw badRequest(`Cel mult ${env.CUI_LIST_MAX_LINES.toLocaleString('ro-RO')} de CUI-uri odată.`);
  const p = new Params();
  const list = p.add([...new Set(cuis)]);
  const g = p.add(groupId);
  const u = p.add(actor.userId);
  return addSelected(`SELECT c.cui FROM unnest(${list}::int[]) AS x(cui) JOIN company c ON c.cui = x.cui`, p, g, u);
}

/**
 * POST /api/Group/matchCuiList: what a list holds before anything is added: companies found
 * (and whether each is in the group already), CUIs valid but unknown, lines that are not a CUI or
 * fail the check digit. One set-based query for the whole list.
 */
export async function matchCuiList(actor: Actor, groupId: number, input: { Text?: string; File?: { Name: string; Base64: string } }): Promise<CuiListPreview> {
  await assertCanReadGroup(actor, groupId);
  // A file or a pasted text alike: only the first CUI_LIST_MAX_LINES non-empty lines are read.
  const list = input.File ? await readCuiListFile(input.File.Name, Buffer.from(input.File.Base64, 'base64')) : firstLines(input.Text ?? '', env.CUI_LIST_MAX_LINES);
  const read = readCuiList(list.text, env.CUI_LIST_MAX_LINES);
  const rows = await sql<{ cui: number; name: string | null; in_group: boolean }>(
    `SELECT x.cui, c.name, EXISTS (SELECT 1 FROM company_in_group cg WHERE cg.group_id = $2 AND cg.cui = x.cui AND ${liveCompanyGroupSql('cg')}) AS in_group
       FROM unnest($1::int[]) WITH ORDINALITY AS x(cui, n)
       LEFT JOIN company c ON c.cui = x.cui
      ORDER BY x.n`,
    [read.cuis, groupId],
  );
  return {
    Found: rows.filter((r) => r.name !== null).map((r) => ({ Cui: r.cui, Name: r.name!, InGroup: r.in_group })),
    NotFound: rows.filter((r) => r.name === null).map((r) => r.cui),
    Invalid: read.invalid.map((l) => ({ Line: l.line, Text: l.text })),
    Duplicates: read.duplicates,
    Truncated: list.truncated,
  };
}
