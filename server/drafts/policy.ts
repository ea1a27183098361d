// A draft belongs to the user who made it: nobody else (an Admin included) sees, changes or
// deletes it; another user's draft answers exactly as a missing one (404). Once sent, a draft is a
// sending and leaves these endpoints (the sending domain owns it).
import 'server-only';
import type { Actor } from '../auth/actor';
import type { Prisma } from '../generated/prisma/client';
import { notFound } from '../kernel/errors';

export const DRAFT_NOT_FOUND = 'Draft-ul nu a fost găsit.';
/** The refusal of every draft rule: another user's draft answers like a missing one (404). */
export const draftNotFound = () => notFound(DRAFT_NOT_FOUND);

/** Predicate: the draft (or the sending it became) is the actor's own; sending it is server/sending/policy.ts canSend. */
export const isOwnDraft = (actor: Actor, draft: { createdById: number; isDeleted?: boolean }): boolean =>
  !draft.isDeleted && draft.createdById === actor.userId;
export const DRAFT_COMPANY_NOT_FOUND = 'Firma nu a fost găsită în acest draft.';

/** Prisma `where` for the actor's drafts (own, not deleted, not sent). */
export function ownDraftWhere(actor: Actor): Prisma.GroupedMailWhereInput {
  return { ...ownMailWhere(actor), sentOn: null };
}

/** Prisma `where` twin of isOwnDraft: the actor's drafts and sendings, not deleted. */
export function ownMailWhere(actor: Actor): Prisma.GroupedMailWhereInput {
  return { createdById: actor.userId, isDeleted: false };
}
