// Who sees and who changes a contact: the one place for these rules (issue 31). Every contact read
// (company page, user endpoints, the recipients and merge values of a mail, a draft's "has an
// address" mark), the message rows of a sending and the company's HasEmail / HasPhone search
// flags go through the forms below, so a private contact can only ever reach its owner. Each rule
// comes as the predicate, the Prisma `where` and the SQL condition a caller needs;
// tests/integration/rule-private-contact.test.ts proves they select the same rows.
//
// - Public contact: neither private nor deleted, whoever added it (verified contacts of the
//   import have no owner; a user's contact is public unless they mark it private).
// - Private contact: seen by its owner only, on every page and in every list. The Admin's
//   administration screens (admin contacts page, the users' contacts modal) list all contacts by
//   design (decision 015) and filter on nothing of this rule.
// - A user edits and deletes only their own contacts; the approved claimant of a company also
//   edits its unowned (verified) contacts that no takedown hides, and its social links; an Admin
//   edits any contact.
// - Refusal: a contact the caller may not see or change answers 404 like a missing one.
// - Suppressed contact (privacy, docs/decisions/059): the person asked to be hidden; nobody but
//   the contact's owner sees it (as a private one), whatever the row's privacy.
import 'server-only';
import { isAdmin, type Actor } from '../auth/actor';
import { notFound } from '../kernel/errors';
import { UNSUPPRESSED_PERSON_SQL } from '../privacy/policy';
import type { Prisma } from '../generated/prisma/client';

export type ContactRow = { userId: number | null; isPrivate: boolean; isDeleted: boolean; isSuppressed: boolean };

const CONTACT_NOT_FOUND = 'Contactul nu a fost găsit.';
/** The refusal of every contact rule: 404, the same answer as a missing contact. */
export const contactNotFound = () => notFound(CONTACT_NOT_FOUND);

/** SQL: the contact (alias `k`) is public. Used by the flags refresh and every anonymous read. */
export const PUBLIC_CONTACT_SQL = (k = 'k') => `(NOT ${k}.is_private AND ${UNSUPPRESSED_PERSON_SQL(k)} AND NOT ${k}.is_deleted)`;

/**
 * The company (its CUI, to tell "unknown company" from "no contact") and its public contacts in
 * one round trip: the company page's hot path (issue 25: a second round trip waited for the pool
 * again under load). The visibility is PUBLIC_CONTACT_SQL, the twin of
 * visibleContactWhere(null). Columns named as ContactSelected (dto.ts).
 */
export const PUBLIC_CONTACTS_OF_COMPANY_SQL = `SELECT k.id, k.cui, k.user_id AS "userId", k.name, k.role, k.phone, k.email, k.is_private AS "isPrivate"
    FROM company c LEFT JOIN contact k ON k.cui = c.cui AND ${PUBLIC_CONTACT_SQL('k')}
   WHERE c.cui = $1
   ORDER BY k.id`;

/**
 * SQL: the contact (alias `k`) is visible to the user whose id is bound at `userParam`
 * (a NULL user sees the public contacts only).
 */
export const VISIBLE_CONTACT_SQL = (userParam: string, k = 'k') =>
  `(NOT ${k}.is_deleted AND ((NOT ${k}.is_private AND ${UNSUPPRESSED_PERSON_SQL(k)}) OR ${k}.user_id = ${userParam}::int))`;

/**
 * SQL relations (derived tables, the contacts' views per audience; docs/decisions/085): a query
 * outside this module and queries.ts reads contacts only through one of these, so it cannot leave
 * the rule out (tests/unit/architecture-rules.test.ts fails on any other read of the table).
 * `visibleContactsSql`: the contacts the user bound at `userParam` may see (VISIBLE_CONTACT_SQL).
 */
export const visibleContactsSql = (userParam: string) => `(SELECT * FROM contact v WHERE ${VISIBLE_CONTACT_SQL(userParam, 'v')})`;

/** SQL: the contact `k` has an address that looks like one (a message can be sent to it). */
export const MAILABLE_CONTACT_SQL = (k = 'k') => `${k}.email ~ '^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$'`;

/** SQL relation: the contacts the user `userExpr` added, not deleted (counts of the users' admin list). */
export const contactsAddedBySql = (userExpr: string) => `(SELECT * FROM contact a WHERE a.user_id = ${userExpr} AND NOT a.is_deleted)`;

/**
 * SQL: how the reader bound at `userParam` holds a contact `k` they may see (VISIBLE_CONTACT_SQL):
 * 'private' (their own private one), 'own' (their own public one) or 'public'. The exports' Tip column.
 */
export const contactHoldingSql = (userParam: string, k = 'k') =>
  `(CASE WHEN ${k}.is_private THEN 'private' WHEN ${k}.user_id = ${userParam}::int THEN 'own' ELSE 'public' END)`;

/** Prisma `where` twin of VISIBLE_CONTACT_SQL (combine with the caller's own conditions). */
export function visibleContactWhere(actor: Actor | null): Prisma.ContactWhereInput {
  if (!actor) return { isDeleted: false, isPrivate: false, isSuppressed: false };
  return { isDeleted: false, OR: [{ isPrivate: false, isSuppressed: false }, { userId: actor.userId }] };
}

/** Predicate twin of VISIBLE_CONTACT_SQL. */
export function canSeeContact(actor: Actor | null, c: ContactRow): boolean {
  if (c.isDeleted) return false;
  return (!c.isPrivate && !c.isSuppressed) || (actor != null && c.userId === actor.userId);
}

/** Prisma `where`: a user's own private contacts that are not deleted (erased with the account). */
export const ownPrivateContactsWhere = (userId: number): Prisma.ContactWhereInput => ({ userId, isPrivate: true, isDeleted: false });

/** Every private contact of a user, deleted or not (emptied when the account is erased, decision 060). */
export const allOwnPrivateContactsWhere = (userId: number): Prisma.ContactWhereInput => ({ userId, isPrivate: true });

/** The privacy column as a read (a `select` part) and its value. */
export const CONTACT_PRIVACY_SELECT = { isPrivate: true } as const;
export const isContactPrivate = (c: { isPrivate: boolean }) => c.isPrivate;

/** The fields of a contact an audit entry keeps as its before and after values (decision 060). */
export const contactAuditValue = (c: { name: string | null; role: string | null; phone: string | null; email: string | null; isPrivate: boolean }) => ({
  Name: c.name,
  Role: c.role,
  Phone: c.phone,
  Email: c.email,
  Private: c.isPrivate,
});

/** The privacy column as a write: the one place a contact's privacy is set. */
export const contactPrivacyData = (isPrivate: boolean) => ({ isPrivate });

/**
 * The privacy a saved row of the contacts modal gets. `own`: the caller's choice. `public`: an
 * Admin's choice; a new row of the claimant is public; privacy belongs to the owner (and the
 * Admin), so a claimant editing a verified contact keeps what it was.
 */
export function privacyOnSave(actor: Actor, mode: 'own' | 'public', requested: boolean | undefined, existing: ContactRow | null): { isPrivate: boolean } {
  if (mode === 'own' || isAdmin(actor)) return contactPrivacyData(requested ?? false);
  if (existing && existing.userId !== actor.userId) return contactPrivacyData(existing.isPrivate);
  return contactPrivacyData(false);
}

/**
 * A message of a sending (alias `ms`, its sending `gm`) whose address came from the author's
 * private contact (mail_send.is_private) shows that address to the author alone. Group members
 * read the sending's rows (decision 022); for them the address is masked, and no search of theirs
 * may match it. `user` is the bound reader's id.
 */
const MASKED_ADDRESS_PREFIX = '•••@';

/**
 * SQL (a window expression over the visible contacts `k` a query selects): the address `email`
 * is held by private contacts only, so a message to it is private (mail_send.is_private).
 */
export const privateOriginSql = (k: string, email: string) => `bool_and(${k}.is_private) OVER (PARTITION BY ${email}) AS is_private`;

/** The mail_send column privateOriginSql fills (an INSERT names it through this). */
export const MAIL_PRIVATE_COLUMN = 'is_private';

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

/**
 * Prisma `where` of the contacts the actor may edit on one company (see canEditContact). A claimant
 * never gets a row a takedown hides: seeing it would undo the takedown, and editing its name,
 * address or phone would un-hide it (the write trigger re-tests the new values; issue 45).
 */
export function editableContactsWhere(actor: Actor, cui: number, isClaimant: boolean): Prisma.ContactWhereInput {
  if (isAdmin(actor)) return { cui, isDeleted: false };
  if (isClaimant) return { cui, isDeleted: false, OR: [{ userId: actor.userId }, { userId: null, isSuppressed: false }] };
  return { cui, isDeleted: false, userId: actor.userId };
}

export function isOwnContact(actor: Actor | null, c: { userId: number | null }): boolean {
  return actor != null && c.userId === actor.userId;
}

/**
 * Edit or delete: the owner; an Admin any; the approved claimant the unowned (verified) contacts
 * of the company they claimed, except those a takedown hides.
 */
export function canEditContact(actor: Actor, c: ContactRow, isClaimant: boolean): boolean {
  if (c.isDeleted) return false;
  if (isAdmin(actor)) return true;
  if (c.userId === actor.userId) return true;
  return isClaimant && c.userId === null && !c.isSuppressed;
}

/** The company's public contacts and social links: Admin or the approved claimant. */
export function canEditPublicData(actor: Actor, isClaimant: boolean): boolean {
  return isAdmin(actor) || isClaimant;
}
