// Who sees and who changes a contact: the one place for these rules. Every contact read (company
// page, user endpoints, admin page, the recipients of a mail) and the company's HasEmail /
// HasPhone search flags go through the SQL conditions below, so a private contact can only ever
// reach its owner.
//
// - Public contact: neither private nor deleted, whoever added it (verified contacts of the
//   import have no owner; a user's contact is public unless they mark it private).
// - Private contact: seen by its owner only. An Admin sees it in the administration screens
//   (edit-contacts modal, admin contacts page), never on public pages or in the search flags.
// - A user edits and deletes only their own contacts; the approved claimant of a company also
//   edits its unowned (verified) contacts and its social links; an Admin edits any contact.
import { isAdmin, type Actor } from '../auth/actor';

export type ContactRow = { userId: number | null; isPrivate: boolean; isDeleted: boolean };

/** SQL: the contact (alias `k`) is public. Used by the flags refresh and every anonymous read. */
export const PUBLIC_CONTACT_SQL = (k = 'k') => `(NOT ${k}.is_private AND NOT ${k}.is_deleted)`;

/**
 * SQL: the contact (alias `k`) is visible to the user whose id is bound at `userParam`
 * (a NULL user sees the public contacts only).
 */
export const VISIBLE_CONTACT_SQL = (userParam: string, k = 'k') =>
  `(NOT ${k}.is_deleted AND (NOT ${k}.is_private OR ${k}.user_id = ${userParam}::int))`;

/** Prisma `where` twin of VISIBLE_CONTACT_SQL for one company. */
export function visibleContactsWhere(actor: Actor | null, cui: number) {
  if (!actor) return { cui, isDeleted: false, isPrivate: false };
  return { cui, isDeleted: false, OR: [{ isPrivate: false }, { userId: actor.userId }] };
}

/** Prisma `where` of the contacts the actor may edit on one company (see canEditContact). */
export function editableContactsWhere(actor: Actor, cui: number, isClaimant: boolean) {
  if (isAdmin(actor)) return { cui, isDeleted: false };
  if (isClaimant) return { cui, isDeleted: false, OR: [{ userId: actor.userId }, { userId: null }] };
  return { cui, isDeleted: false, userId: actor.userId };
}

export function isPublicContact(c: ContactRow): boolean {
  return !c.isPrivate && !c.isDeleted;
}

export function canSeeContact(actor: Actor | null, c: ContactRow): boolean {
  if (c.isDeleted) return false;
  if (!c.isPrivate) return true;
  return actor != null && (c.userId === actor.userId || isAdmin(actor));
}

export function isOwnContact(actor: Actor | null, c: { userId: number | null }): boolean {
  return actor != null && c.userId === actor.userId;
}

/**
 * Edit or delete: the owner; an Admin any; the approved claimant the unowned (verified) contacts
 * of the company they claimed.
 */
export function canEditContact(actor: Actor, c: ContactRow, isClaimant: boolean): boolean {
  if (c.isDeleted) return false;
  if (isAdmin(actor)) return true;
  if (c.userId === actor.userId) return true;
  return isClaimant && c.userId === null;
}

/** The company's public contacts and social links: Admin or the approved claimant. */
export function canEditPublicData(actor: Actor, isClaimant: boolean): boolean {
  return isAdmin(actor) || isClaimant;
}
