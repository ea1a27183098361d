// Claim rules. A claim is reviewed by an Admin only; a company has at most one approved claim
// (a partial unique index holds it under concurrency); a user has at most one pending claim per
// company; the approved claimant may edit the company's public contacts and social links
// (server/contacts/policy.ts applies that right).
import 'server-only';
import { isAdmin, type Actor } from '../auth/actor';

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
