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

/**
 * A message of a sending (alias `ms`, its sending `gm`) whose address came from the author's
 * private contact (mail_send.is_private) shows that address to the author alone. Group members
 * read the sending's rows (decision 022); for them the address is masked, and no search of theirs
 * may match it. `user` is the bound reader's id.
 */
export const MASKED_ADDRESS_PREFIX = '•••@';

/**
 * SQL (a window expression over the visible contacts `k` a query selects): the address `email`
 * is held by private contacts only, so a message to it is private (mail_send.is_private).
 */
export const privateOriginSql = (k: string, email: string) => `bool_and(${k}.is_private) OVER (PARTITION BY ${email})`;

/** SQL: the reader may see the real address of message `ms` of sending `gm`. */
export const mailAddressVisibleSql = (user: string, gm = 'gm', ms = 'ms') =>
  `(NOT ${ms}.is_private OR ${gm}.created_by_id = ${user})`;

/** SQL: the address of message `ms` as the reader may see it (masked to its domain otherwise). */
export const mailAddressForReaderSql = (user: string, gm = 'gm', ms = 'ms') =>
  `(CASE WHEN ${mailAddressVisibleSql(user, gm, ms)} THEN ${ms}.email ELSE '${MASKED_ADDRESS_PREFIX}' || split_part(${ms}.email, '@', 2) END)`;

/** The predicate twin of mailAddressVisibleSql. */
export function canSeeMailAddress(actor: Actor | null, m: { isPrivate: boolean; authorId: number }): boolean {
  return !m.isPrivate || (actor != null && m.authorId === actor.userId);
}

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
