// Claim rules. A claim is reviewed by an Admin only; a company has at most one approved claim
// (a partial unique index holds it under concurrency); a user has at most one pending claim per
// company; the approved claimant may edit the company's public contacts and social links
// (server/contacts/policy.ts applies that right).
import 'server-only';
import { isAdmin, type Actor } from '../auth/actor';
import type { Prisma } from '../generated/prisma/client';

/** Claims a user may send in CLAIM_RATE_WINDOW_SECONDS, over all companies. */
export const CLAIMS_PER_USER_PER_HOUR = 5;
export const CLAIM_RATE_WINDOW_SECONDS = 3600;

export function canReviewClaims(actor: Actor | null): boolean {
  return isAdmin(actor);
}

/** Pending may become approved or rejected, and those two may swap; nothing goes back to pending. */
export function canMoveClaim(from: boolean | null, to: boolean): boolean {
  return from !== to;
}

/**
 * Claim ownership: the right an approved claim gives (editing the company's unowned contacts and
 * social links, server/contacts/policy.ts) belongs to the user whose claim on that company was
 * approved. Prisma `where` of that claim; no claim of another user or of another company counts.
 */
export const approvedClaimWhere = (actor: Actor, cui: number): Prisma.ClaimRequestWhereInput => ({ cui, userId: actor.userId, status: true });

/** Prisma `where` of the actor's pending claim on a company (one at a time). */
export const pendingClaimWhere = (actor: Actor, cui: number): Prisma.ClaimRequestWhereInput => ({ cui, userId: actor.userId, status: null });
