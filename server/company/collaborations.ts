// Collaborations: partners from the precomputed collaboration table (pairs
// stored in both directions, indexed by (cui, number_of_collaborations DESC)), and the network of
// the top collaborations for the graph.
import 'server-only';
// Public reads: the read replica when there is one (DATABASE_READ_URL, decision 050).
import { readSql as sql } from '../kernel/db';
import { Params } from '../kernel/sql';
import type { CollaborationNode, CollaborationRow, PagedList } from './dto';
import { assertCompanyExists } from './queries';
import { orderClause, pageCount, textFilter, type SortField } from './list-utils';

const COLLABORATION_SORT: Record<string, SortField> = {
  name: { expr: 'name' },
  cui: { expr: 'partner_cui' },
  numberofcollaborations: { expr: 'number_of_collaborations' },
};
const DEFAULT_COLLABORATION_SORT = 'numberOfCollaborations_desc';

// A partner that is not in the company table (e.g. a public authority) keeps the name written
// on its tenders.
const PARTNER_NAME = `coalesce(
  p.name,
  (SELECT t.authority_name FROM tender t WHERE t.authority_cui = c.partner_cui LIMIT 1),
  (SELECT t.supplier_name FROM tender t WHERE t.supplier_cui = c.partner_cui LIMIT 1),
  c.partner_cui::text)`;

type CollaborationQuery = { companyCui: number; searchText: string; pageNumber: number; pageSize: number; orderBy: string | null };

export async function getCollaborations(q: CollaborationQuery): Promise<PagedList<CollaborationRow>> {
  await assertCompanyExists(q.companyCui);
  const p = new Params([q.companyCui]);
  const text = textFilter(q.searchText, p, ['name', 'partner_cui::text']);
  const order = orderClause(q.orderBy, COLLABORATION_SORT, DEFAULT_COLLABORATION_SORT, 'partner_cui');
  const countParams = p.snapshot();
  const limit = p.add(q.pageSize);
  const offset = p.add((q.pageNumber - 1) * q.pageSize);
  const rows = await sql<{ partner_cui: number; name: string; number_of_collaborations: number; is_company: boolean; total: number }>(
    `WITH x AS (
       SELECT c.partner_cui, ${PARTNER_NAME} AS name, c.number_of_collaborations, p.cui IS NOT NULL AS is_company
         FROM collaboration c LEFT JOIN company p ON p.cui = c.partner_cui
        WHERE c.cui = $1
     )
     SELECT partner_cui, name, number_of_collaborations, is_company, count(*) OVER ()::int AS total
       FROM x ${text ? `WHERE ${text}` : ''}
      ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    p.values,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.pageNumber > 1) {
    const c = await sql<{ n: number }>(
      `WITH x AS (SELECT c.partner_cui, ${PARTNER_NAME} AS name FROM collaboration c LEFT JOIN company p ON p.cui = c.partner_cui WHERE c.cui = $1)
       SELECT count(*)::int AS n FROM x ${text ? `WHERE ${text}` : ''}`,
      countParams,
    );
    total = c[0]?.n ?? 0;
  }
  return {
    Items: rows.map((r) => ({ Name: r.name, Cui: r.partner_cui, NumberOfCollaborations: r.number_of_collaborations, IsCompany: r.is_company })),
    Count: total,
    NumberOfPages: pageCount(total, q.pageSize),
    PageNumber: q.pageNumber,
  };
}

/** Partners per level of the network graph: 10 direct ones, then the top few of each. */
const NETWORK_FANOUT = [10, 3, 2] as const;

/**
 * GET /api/Company/getTop10Collaborations: the company's 10 main partners (level 1), their main
 * partners (level 2) and theirs (level 3), each company once, at its nearest level.
 */
export async function getTopCollaborationNetwork(cui: number): Promise<CollaborationNode[]> {
  await assertCompanyExists(cui);
  const seen = new Set<number>([cui]);
  const nodes: CollaborationNode[] = [];
  let frontier = [cui];
  for (let level = 1; level <= NETWORK_FANOUT.length && frontier.length > 0; level++) {
    const rows = await sql<{ src: number; tgt: number; n: number; name: string }>(
      `SELECT s.src, c.partner_cui AS tgt, c.number_of_collaborations AS n, ${PARTNER_NAME} AS name
         FROM unnest($1::int[]) AS s(src)
         CROSS JOIN LATERAL (
           SELECT partner_cui, number_of_collaborations FROM collaboration
            WHERE cui = s.src AND partner_cui <> ALL($2::int[])
            ORDER BY number_of_collaborations DESC, partner_cui LIMIT $3
         ) c
         LEFT JOIN company p ON p.cui = c.partner_cui
        ORDER BY c.number_of_collaborations DESC, c.partner_cui`,
      [frontier, [...seen], NETWORK_FANOUT[level - 1]],
    );
    const next: number[] = [];
    for (const r of rows) {
      const isNew = !seen.has(r.tgt);
      if (isNew) {
        seen.add(r.tgt);
        next.push(r.tgt);
      }
      // An edge to a node found at this level from another parent is kept: the graph shows both links.
      if (isNew || next.includes(r.tgt)) {
        nodes.push({ CompanySourceCui: r.src, CompanyTargetCui: r.tgt, CompanyTargetName: r.name, Level: level, NumberOfCollaborations: r.n });
      }
    }
    frontier = next;
  }
  return nodes;
}
