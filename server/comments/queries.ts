// Comments on a company inside a group: read by everyone who sees the group (server/groups/policy).
import 'server-only';
import type { CompanyComment } from '@/lib/groups/types';
import type { Actor } from '../auth/actor';
import { prisma } from '../kernel/db';
import { notFound } from '../kernel/errors';
import { toComment } from '../groups/dto';
import { findMembership, liveCompanyGroupWhere, type Membership } from '../groups/policy';

const COMPANY_GROUP_NOT_FOUND = 'Compania nu a fost găsită în grup.';

/** The company-in-group row and the actor's standing in its group; 404 when the actor does not see it. */
export async function companyGroupForActor(actor: Actor, companyGroupId: number): Promise<{ id: number; cui: number; membership: Membership }> {
  const row = await prisma.companyGroup.findFirst({ where: { id: companyGroupId, ...liveCompanyGroupWhere }, select: { id: true, cui: true, groupId: true } });
  const membership = row ? await findMembership(actor, row.groupId) : null;
  if (!row || !membership) throw notFound(COMPANY_GROUP_NOT_FOUND);
  return { id: row.id, cui: row.cui, membership };
}

export async function authorNames(ids: number[]): Promise<Map<number, string>> {
  const users = await prisma.user.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, userName: true } });
  return new Map(users.map((u) => [u.id, u.userName]));
}

/** GET /api/CompanyComment/getCommentsByCompanyGroupId?companyGroupId, oldest first. */
export async function listComments(actor: Actor, companyGroupId: number): Promise<CompanyComment[]> {
  await companyGroupForActor(actor, companyGroupId);
  const rows = await prisma.companyComment.findMany({
    where: { companyGroupId, isDeleted: false },
    select: { id: true, content: true, createdAt: true, companyGroupId: true, createdById: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const names = await authorNames(rows.map((r) => r.createdById));
  return rows.map((r) => toComment({ ...r, author: names.get(r.createdById) ?? '' }, actor.userId));
}
