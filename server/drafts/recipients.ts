import 'server-only';
// Groups and addresses a draft may use, through the groups and contacts domains' own rules: a
// user sees the groups they own or are an active member of (server/groups/policy.ts), and may write
// to a company's public contacts plus their own private ones (server/contacts/queries.ts).
import type { MailAddress } from '@/lib/drafts/types';
import type { Actor } from '../auth/actor';
import { prisma, sql } from '../kernel/db';
import { listRecipientEmails } from '../contacts/queries';
import { liveCompanyGroupSql, visibleGroupWhere } from '../groups/policy';

/** The ids among `groupIds` that the actor sees. */
export async function visibleGroupIds(actor: Actor, groupIds: number[]): Promise<number[]> {
  if (!groupIds.length) return [];
  const rows = await prisma.group.findMany({ where: { id: { in: groupIds }, ...visibleGroupWhere(actor) }, select: { id: true } });
  return rows.map((r) => r.id);
}

/** The actor's visible groups with their company counts, by name. */
export async function listVisibleGroupsWithCounts(actor: Actor): Promise<Array<{ id: number; name: string; companies: number }>> {
  const rows = await prisma.group.findMany({
    where: visibleGroupWhere(actor),
    select: { id: true, name: true, companyCount: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  return rows.map((r) => ({ id: r.id, name: r.name, companies: r.companyCount }));
}

/**
 * Companies of the given (already checked) groups, each with the group it came from: a company in
 * several groups with the first of `groupIds` that holds it, `exclude` left out; in the groups'
 * order, then the order they were added. At most `max` + 1 rows are read (decision 124): a group
 * has no size limit, a draft holds at most DRAFT_LIMITS.companiesMax companies, and a whole large
 * group read through Prisma could exhaust the server's 320 MB heap before that limit was checked.
 * SQL rather than Prisma: the first-group choice and the cap are one statement.
 */
export async function companiesOfGroups(groupIds: number[], exclude: number[], max: number): Promise<Array<{ cui: number; groupId: number }>> {
  if (!groupIds.length) return [];
  return sql<{ cui: number; groupId: number }>(
    `SELECT cui, group_id AS "groupId" FROM (
       SELECT DISTINCT ON (cg.cui) cg.cui, cg.group_id, g.ord, cg.id
         FROM unnest($1::int[]) WITH ORDINALITY AS g(id, ord)
         JOIN company_in_group cg ON cg.group_id = g.id AND ${liveCompanyGroupSql('cg')}
        WHERE NOT (cg.cui = ANY($2::int[]))
        ORDER BY cg.cui, g.ord
     ) x ORDER BY ord, id LIMIT $3`,
    [groupIds, exclude, max + 1],
  );
}

/** The addresses each company gives the sender (lower-cased, without repeats). */
export async function emailsForCompanies(actor: Actor, cuis: number[]): Promise<Map<number, MailAddress[]>> {
  const out = new Map<number, MailAddress[]>();
  if (!cuis.length) return out;
  for (const [cui, emails] of await listRecipientEmails(actor, cuis)) {
    out.set(cui, emails.map((Mail) => ({ Mail, Status: null, IsOpened: false })));
  }
  return out;
}

/** The companies among `cuis` that exist. */
export async function existingCompanies(cuis: number[]): Promise<number[]> {
  if (!cuis.length) return [];
  const rows = await sql<{ cui: number }>('SELECT cui FROM company WHERE cui = ANY($1::int[])', [cuis]);
  return rows.map((r) => r.cui);
}
