// Templates belong to the user who made them. Nobody else sees or changes them: not a group
// member (templates are not shared through groups, docs/decisions/019), not an Admin. Another
// user's template answers exactly as a missing one (404, same body).
import 'server-only';
import { restoreCutoff } from '@/lib/shared/restore';
import type { Actor } from '../auth/actor';
import type { Prisma } from '../generated/prisma/client';

export const TEMPLATE_NOT_FOUND = 'Template-ul nu a fost găsit.';

/** Prisma `where` for the templates the actor sees (own, not deleted). */
export function ownTemplateWhere(actor: Actor): Prisma.MailTemplateWhereInput {
  return { ownerId: actor.userId, isDeleted: false };
}

/** Prisma `where` for the actor's deleted templates still restorable (30 days, docs/decisions/042). */
export function restorableTemplateWhere(actor: Actor, now = new Date()): Prisma.MailTemplateWhereInput {
  return { ownerId: actor.userId, isDeleted: true, deletedAt: { gte: restoreCutoff(now) } };
}
