// GET /api/Group/getCompanyGroups: a search over group rows, above groups (decision 081).
import 'server-only';
import { COMPANY_GROUP_DEFAULT_ORDER, type CompanyGroupsQuery } from '@/lib/groups/schemas';
import type { CompanyGroup, Paged } from '@/lib/groups/types';
import { SEARCH_COUNT_CAP } from '@/lib/search-count';
import { ownValue } from '@/lib/shared/own-key';
import type { Actor } from '../auth/actor';
import { toCompanyGroup, type CompanyGroupRow } from '../groups/dto';
import { assertCanReadGroup, editableGroupSql, liveCompanyGroupSql, visibleGroupSql } from '../groups/policy';
import { sql } from '../kernel/db';
import { COMPANY_CAEN_REVISION, Params, filterConditions, textCondition } from './conditions';
import { readyEngine } from './engine';
import { searchOnEngine } from './engine-search';
import { analyzeText } from './text-query';

const COMPANY_GROUP_SORT: Record<string, string> = { Name: 'name_norm', Turnover: 'turnover', Profit: 'profit', Employees: 'employees' };

/** Ties broken by the row id, so pages are stable. */
function companyGroupOrder(orderBy: string, a: string): string {
  const desc = orderBy.endsWith('_desc');
  const column = ownValue(COMPANY_GROUP_SORT, orderBy.replace(/_desc$/, ''));
  if (!column) return companyGroupOrder(COMPANY_GROUP_DEFAULT_ORDER, a);
  return `${a}.${column} ${desc ? 'DESC' : 'ASC'}, ${a}.id ${desc ? 'DESC' : 'ASC'}`;
}

export async function listCompanyGroups(actor: Actor, q: CompanyGroupsQuery): Promise<Paged<CompanyGroup>> {
  if (q.GroupId != null) await assertCanReadGroup(actor, q.GroupId);
  const p = new Params();
  const user = p.add(actor.userId);
  const where = [visibleGroupSql('g', user), liveCompanyGroupSql('cg')];
  if (q.GroupId != null) where.push(`cg.group_id = ${p.add(q.GroupId)}`);
  const groupOnly = where.length;
  const text = textCondition(analyzeText(q.SearchText), p);
  if (text) where.push(text);
  const { OrderBy: _order, HasPhoneNumber, ...rest } = q;
  const filter = { ...rest, HasPhone: rest.HasPhone ?? HasPhoneNumber };
  where.push(...filterConditions(filter, p));
  // Without a company condition the count needs no company row (cui is a foreign key): the group index alone.
  const groupRows = `FROM company_in_group cg JOIN company_group_list g ON g.id = cg.group_id`;
  const countFrom = where.length === groupOnly ? `${groupRows} WHERE ${where.join(' AND ')}` : null;
  const from = `${groupRows} JOIN company c ON c.cui = cg.cui WHERE ${where.join(' AND ')}`;
  const columns = `cg.id, cg.group_id, c.cui, c.name, c.name_norm, c.turnover, c.profit, c.employees, g.name AS group_name, g.owner_id, c.caen_code`;
  const page = (matches: string, values: unknown[], extra = '') => {
    const pp = new Params();
    pp.values.push(...values);
    const limit = pp.add(q.PageSize);
    const offset = pp.add((q.PageNumber - 1) * q.PageSize);
    return sql<CompanyGroupRow & { n?: number }>(
      `SELECT m.id, m.group_id, m.cui, m.name, m.turnover, m.profit, m.employees, m.group_name, m.caen_code, k.name AS caen_name,
              ${editableGroupSql('m', user, 'group_id')} AS can_edit${extra}
         FROM (SELECT * FROM (${matches}) f ORDER BY ${companyGroupOrder(q.OrderBy, 'f')} LIMIT ${limit} OFFSET ${offset}) m
         LEFT JOIN caen k ON k.revision = ${COMPANY_CAEN_REVISION} AND k.code = m.caen_code
        ORDER BY ${companyGroupOrder(q.OrderBy, 'm')}`,
      pp.values,
    );
  };
  const result = (rows: CompanyGroupRow[], count: number) => ({ Items: rows.map(toCompanyGroup), Count: count, NumberOfPages: Math.ceil(count / q.PageSize) });

  // Every group with a company condition: the engine says which companies match (decision 106), PostgreSQL sorts.
  const onEngine = q.GroupId == null && countFrom === null ? await matchingPairs(actor, filter) : null;
  if (onEngine) {
    if (onEngine.length === 0) return result([], 0);
    const pp = new Params();
    pp.add(actor.userId); // $1, as `user` in page()
    const matches = `SELECT ${columns} FROM unnest(${pp.add(onEngine.map((x) => x.group_id))}::int[], ${pp.add(onEngine.map((x) => x.cui))}::int[]) AS p(group_id, cui)
         JOIN company_in_group cg ON cg.group_id = p.group_id AND cg.cui = p.cui AND ${liveCompanyGroupSql('cg')}
         JOIN company_group_list g ON g.id = cg.group_id
         JOIN company c ON c.cui = cg.cui`;
    return result(await page(matches, pp.values), onEngine.length);
  }

  // One group, the engine not up or the groups too large for it: one pass (the OFFSET 0 fence: no sort-index walk hoping to meet a group's rows early).
  if (q.GroupId != null || countFrom === null) {
    const rows = await page(`SELECT ${columns}, count(*) OVER ()::int AS n ${from} OFFSET 0`, p.values, ', m.n');
    const count = rows[0]?.n ?? (q.PageNumber > 1 ? (await sql<{ n: number }>(`SELECT count(*)::int AS n ${from}`, p.values))[0].n : 0);
    return result(rows, count);
  }
  // No company condition: above the search's cap the rows are many, so the sort order is walked, not fenced.
  const [{ n: count }] = await sql<{ n: number }>(`SELECT count(*)::int AS n ${countFrom}`, p.values);
  if (count === 0) return result([], 0);
  return result(await page(`SELECT ${columns} ${from}${count > SEARCH_COUNT_CAP ? '' : ' OFFSET 0'}`, p.values), count);
}

/**
 * Group rows the engine path reads into memory at most (decision 124): every (group, company) pair
 * the actor sees is read, matched on the engine and sent back to PostgreSQL; groups have no size
 * limit, and 1,000,000 pairs went past the server's 320 MB heap. Above this, PostgreSQL alone
 * answers (the path used when the engine is not up), one page at a time.
 */
export const ENGINE_PAIRS_MAX = 100_000;

/** Null when the engine is not up, or when the actor's groups hold more than ENGINE_PAIRS_MAX rows. */
async function matchingPairs(actor: Actor, filter: Omit<CompanyGroupsQuery, 'OrderBy' | 'HasPhoneNumber'>): Promise<Array<{ group_id: number; cui: number }> | null> {
  const view = await readyEngine();
  if (!view) return null;
  const rows = await sql<{ group_id: number; cui: number }>(
    `SELECT cg.group_id, cg.cui FROM company_in_group cg JOIN company_group_list g ON g.id = cg.group_id WHERE ${visibleGroupSql('g', '$1')} AND ${liveCompanyGroupSql('cg')} LIMIT $2`,
    [actor.userId, ENGINE_PAIRS_MAX + 1],
  );
  if (rows.length > ENGINE_PAIRS_MAX) return null;
  const pairs = rows.map((x) => ({ group_id: Number(x.group_id), cui: Number(x.cui) }));
  const within = Array.from(new Set(pairs.map((x) => x.cui)));
  if (within.length === 0) return [];
  const { PageNumber: _n, PageSize: _s, ...conditions } = filter;
  const found = new Set((await searchOnEngine(view, conditions, { within }, { offset: 0, limit: within.length })).cuis);
  return pairs.filter((x) => found.has(x.cui));
}
