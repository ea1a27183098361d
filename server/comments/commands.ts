// Writing comments: the owner and Edit members of the group add them; only the author edits or
// (softly) deletes one. A comment in a group the actor does not see answers 404 like a missing one.
import 'server-only';
import type { CompanyComment } from '@/lib/groups/types';
import type { Actor } from '../auth/actor';
import { prisma } from '../kernel/db';
import { badRequest, forbidden, notFound } from '../kernel/errors';
import { toComment } from '../groups/dto';
import { canChangeComment, canCommentInGroup, findMembership, liveCompanyGroupWhere, NO_EDIT_RIGHT } from '../groups/policy';
import { authorNames, companyGroupForActor } from './queries';

const COMMENT_NOT_FOUND = 'Comentariul nu a fost găsit.';
const NOT_AUTHOR = 'Doar autorul poate modifica acest comentariu.';

/** POST /api/CompanyComment/add */
export async function addComment(actor: Actor, input: { Content: string; CompanyCui: number; CompanyGroupId: number }): Promise<CompanyComment> {
  const cg = await companyGroupForActor(actor, input.CompanyGroupId);
  if (cg.cui !== input.CompanyCui) throw badRequest('Compania nu corespunde grupului.', { CompanyCui: ['Compania nu corespunde grupului.'] });
  if (!canCommentInGroup(cg.membership)) throw forbidden(NO_EDIT_RIGHT);
  const row = await prisma.companyComment.create({
    data: { companyGroupId: cg.id, cui: cg.cui, content: input.Content, createdById: actor.userId },
    select: { id: true, content: true, createdAt: true, companyGroupId: true, createdById: true },
  });
  return toComment({ ...row, author: actor.userName }, actor.userId);
}

/** A live comment in a group the actor sees, checked to be the actor's own. */
async function ownComment(actor: Actor, id: number) {
  const row = await prisma.companyComment.findFirst({
    where: { id, isDeleted: false, companyGroup: liveCompanyGroupWhere },
    select: { id: true, createdById: true, companyGroup: { select: { groupId: true } } },
  });
  const m = row ? await findMembership(actor, row.companyGroup.groupId) : null;
  if (!row || !m) throw notFound(COMMENT_NOT_FOUND);
  if (!canChangeComment(actor, row)) throw forbidden(NOT_AUTHOR);
  return row;
}

/** PUT /api/CompanyComment/update */
export async function updateComment(actor: Actor, input: { Id: number; Content: string }): Promise<CompanyComment> {
  await ownComment(actor, input.Id);
  const row = await prisma.companyComment.update({
    where: { id: input.Id },
    data: { content: input.Content, updatedAt: new Date() },
    select: { id: true, content: true, createdAt: true, companyGroupId: true, createdById: true },
  });
  const names = await authorNames([row.createdById]);
  return toComment({ ...row, author: names.get(row.createdById) ?? actor.userName }, actor.userId);
}

/** DELETE /api/CompanyComment/{id}: soft delete. */
export async function deleteComment(actor: Actor, id: number): Promise<void> {
  await ownComment(actor, id);
  await prisma.companyComment.update({ where: { id }, data: { isDeleted: true }, select: { id: true } });
}
