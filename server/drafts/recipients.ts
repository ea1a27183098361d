import 'server-only';
// Groups and addresses a draft may use, through the groups and contacts domains' own rules: a
// user sees the groups they own or are an active member of (server/groups/policy.ts), and may write
// to a company's public contacts plus their own private ones (server/contacts/queries.ts).
import type { MailAddress } from '@/lib/drafts/types';
import type { Actor } from '../auth/actor';
import { prisma, sql } from '../kernel/db';
import { listRecipientEmails } from '../contacts/queries';
import { liveCompanyGroupWhere, visibleGroupWhere } from '../groups/policy';

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

/** Companies of the given (already checked) groups, each with the group it came from. */
export async function companiesOfGroups(groupIds: number[]): Promise<Array<{ cui: number; groupId: number }>> {
  if (!groupIds.length) return [];
  return prisma.companyGroup.findMany({
    where: { groupId: { in: groupIds }, ...liveCompanyGroupWhere },
    select: { cui: true, groupId: true },
    orderBy: { id: 'asc' },
  });
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
