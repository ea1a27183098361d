// Contact and social-media reads. Every read filters through the policy (server/contacts/policy.ts).
import 'server-only';
import type { CompanyContactsItem, CompanyContactsPage, ContactDto, ContactEditRights, SocialMediaDto } from '@/lib/contacts/types';
import { SOCIAL_FLAG_PLATFORM, type CompanyContactsQuery } from '@/lib/contacts/schemas';
import { SEARCH_COUNT_CAP } from '@/lib/search-count';
import { isAdmin, type Actor } from '../auth/actor';
import { prisma, sql } from '../kernel/db';
import { preparedReadSql } from '../kernel/prepared-sql';
import { forbidden } from '../kernel/errors';
import { isStorableCui } from '@/lib/cui';
import { assertCompanyExists, companyNotFound } from '../company/queries';
import { isApprovedClaimant } from '../claims/queries';
import { buildWhere } from '../search/conditions';
import { readyEngine } from '../search/engine';
import { searchOnEngine } from '../search/engine-search';
import { CONTACT_SELECT, toContactDto, toSocialMediaList, type ContactSelected } from './dto';
import { CONTACT_PRIVACY_SELECT, MAILABLE_CONTACT_SQL, PUBLIC_CONTACT_SQL, PUBLIC_CONTACTS_OF_COMPANY_SQL, VISIBLE_CONTACT_SQL, canEditPublicData, editableContactsWhere, visibleContactWhere } from './policy';
import { ownValue } from '@/lib/shared/own-key';
import type { Prisma } from '../generated/prisma/client';
import { existingUserWhere } from '../auth/policy';
import { PERSON_MATCH_SQL, type PersonIdentity, type PersonMatchRow } from '../privacy/policy';

const byId = { id: 'asc' } as const;

/** GET /api/Contact/getContactsByCompany: the public contacts (what an anonymous visitor sees). */
export async function getPublicContacts(cui: number): Promise<ContactDto[]> {
  if (!isStorableCui(cui)) throw companyNotFound();
  const rows = await preparedReadSql<Omit<ContactSelected, 'id'> & { id: number | null }>(PUBLIC_CONTACTS_OF_COMPANY_SQL, [cui]);
  if (rows.length === 0) throw companyNotFound();
  return rows.flatMap((r) => (r.id === null ? [] : [toContactDto(null, { ...r, id: r.id })]));
}

/** GET /api/Contact/getUserContactsByCompany: the public contacts plus the caller's private ones. */
export async function getVisibleContacts(actor: Actor, cui: number): Promise<ContactDto[]> {
  await assertCompanyExists(cui);
  const rows = await prisma.contact.findMany({ where: { cui, ...visibleContactWhere(actor) }, select: CONTACT_SELECT, orderBy: byId });
  return rows.map((r) => toContactDto(actor, r));
}

/** GET /api/Contact/getContactsByUserId: the contacts the caller added to this company. */
export async function getOwnContacts(actor: Actor, cui: number): Promise<ContactDto[]> {
  await assertCompanyExists(cui);
  const rows = await prisma.contact.findMany({
    where: { cui, isDeleted: false, userId: actor.userId },
    select: CONTACT_SELECT,
    orderBy: byId,
  });
  return rows.map((r) => toContactDto(actor, r));
}

/**
 * GET /api/Contact/getByCompanyCui: the contacts the caller may edit on this company: an Admin
 * every one, the approved claimant the unowned ones and their own, any other user their own.
 */
export async function getEditableContacts(actor: Actor, cui: number): Promise<ContactDto[]> {
  await assertCompanyExists(cui);
  const claimant = await isApprovedClaimant(actor, cui);
  const rows = await prisma.contact.findMany({ where: editableContactsWhere(actor, cui, claimant), select: CONTACT_SELECT, orderBy: byId });
  return rows.map((r) => toContactDto(actor, r));
}

/** GET /api/Contact/getEditRights: what the edit-contacts modal may offer the caller. */
export async function getContactEditRights(actor: Actor, cui: number): Promise<ContactEditRights> {
  await assertCompanyExists(cui);
  const claimant = await isApprovedClaimant(actor, cui);
  return { CanEditOwn: true, CanEditPublic: canEditPublicData(actor, claimant), CanEditAll: isAdmin(actor) };
}

/** GET /api/SocialMedia/getSocialMediaForCompany: the links, in the fixed platform order. */
export async function getSocialMedia(cui: number): Promise<SocialMediaDto[]> {
  await assertCompanyExists(cui);
  const rows = await prisma.socialMedia.findMany({ where: { cui }, select: { id: true, platform: true, url: true } });
  return toSocialMediaList(rows);
}

/**
 * The addresses a sender may write to at each company: the public contacts' emails and the
 * sender's own private ones (never another user's private contact). Lower-cased, unique per
 * company, in contact order. For the drafts and sending domains.
 */
export async function listRecipientEmails(actor: Actor, cuis: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  const unique = [...new Set(cuis)].filter((c) => Number.isInteger(c) && c > 0 && c <= 2_147_483_647);
  if (unique.length === 0) return out;
  const rows = await prisma.contact.findMany({
    where: {
      cui: { in: unique },
      email: { not: null },
      NOT: { email: '' },
      ...visibleContactWhere(actor),
    },
    select: { cui: true, email: true },
    orderBy: byId,
  });
  for (const r of rows) {
    const email = r.email!.trim().toLowerCase();
    if (!email) continue;
    const list = out.get(r.cui) ?? [];
    if (!list.includes(email)) list.push(email);
    out.set(r.cui, list);
  }
  return out;
}

/** What a merge value names: the company and the address mailed (null: the company's first address). */
export type MergeTarget = { cui: number; email: string | null };
export const mergeTargetKey = (t: MergeTarget) => `${t.cui}|${(t.email ?? '').trim().toLowerCase()}`;

/**
 * The {{NumeContact}} of each target as the sender (user id) may see it: the name of the first
 * contact of that company, visible to the sender (VISIBLE_CONTACT_SQL: another user's private
 * contact and a person hidden by a takedown never lend their name), whose address is the one mailed
 * and whose name is not empty. A target without an address stands for the company's first address
 * (the lowest, as the recipients list orders them), which is what the preview and the test send
 * show. '' when no such contact exists. Keyed by mergeTargetKey.
 */
export async function findContactNamesForMerge(senderId: number, targets: MergeTarget[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!targets.length) return out;
  const rows = await sql<{ cui: number; email: string | null; name: string | null }>(
    `SELECT t.cui, t.email,
            (SELECT k.name FROM contact k
              WHERE k.cui = t.cui AND ${VISIBLE_CONTACT_SQL('$3', 'k')} AND coalesce(btrim(k.name), '') <> ''
                AND lower(btrim(k.email)) = coalesce(t.email,
                      (SELECT lower(btrim(f.email)) FROM contact f
                        WHERE f.cui = t.cui AND ${VISIBLE_CONTACT_SQL('$3', 'f')} AND ${MAILABLE_CONTACT_SQL('f')}
                        ORDER BY lower(btrim(f.email)), f.id LIMIT 1))
              ORDER BY k.id LIMIT 1) AS name
       FROM unnest($1::int[], $2::text[]) AS t(cui, email)`,
    [targets.map((t) => t.cui), targets.map((t) => (t.email == null ? null : t.email.trim().toLowerCase())), senderId],
  );
  for (const r of rows) out.set(mergeTargetKey(r), r.name ?? '');
  return out;
}

/**
 * The company's contacts a takedown's identity matches (PERSON_MATCH_SQL: that company only), for
 * the Admin's queue before the decision. Every contact, private ones included: the Admin decides.
 */
export async function findContactsMatchingPerson(who: PersonIdentity): Promise<PersonMatchRow[]> {
  return sql<PersonMatchRow>(
    `SELECT k.id, k.name, k.role, k.email, k.phone, k.is_suppressed FROM contact k
      WHERE NOT k.is_deleted AND ${PERSON_MATCH_SQL('k', '$1::int', '$2::text', '$3::text', '$4::text')}
      ORDER BY k.id`,
    [who.cui, who.name, who.email, who.phone],
  );
}

// ─────────────── the other domains' reads (docs/decisions/085: contacts are read here only) ───────────────

type ContactReader = Pick<Prisma.TransactionClient, 'contact'>;

/** A contact row to check an edit or a delete against (the caller applies canEditContact); `cui` narrows it. */
export async function findContactForEdit(db: ContactReader, id: number, cui?: number): Promise<(ContactSelected & { isDeleted: boolean; isSuppressed: boolean }) | null> {
  return db.contact.findFirst({ where: { id, ...(cui === undefined ? {} : { cui }) }, select: CONTACT_SELECT });
}

/** A contact some live user added (the Admin's privacy switch: the company's own list has no owner to hide it for). */
export async function findUserAddedContact(db: ContactReader, id: number) {
  return db.contact.findFirst({
    where: { id, isDeleted: false, userId: { not: null }, user: existingUserWhere },
    select: { id: true, cui: true, ...CONTACT_PRIVACY_SELECT },
  });
}

/** Every contact a user added and did not delete, private ones included (the user's own-data download). */
export async function findContactsAddedBy(userId: number): Promise<Array<ContactSelected & { isDeleted: boolean; isSuppressed: boolean }>> {
  return prisma.contact.findMany({ where: { userId, isDeleted: false }, select: CONTACT_SELECT, orderBy: byId });
}

/** The companies a user added (live) contacts to, by name; `text` (normalised) or `cui` narrows them. */
export async function findCompaniesWithContactsOf(userId: number, text: string, cui: number | null, limit: number): Promise<Array<{ cui: number; name: string }>> {
  return prisma.company.findMany({
    where: {
      contacts: { some: { userId, isDeleted: false } },
      ...(text ? { OR: [{ nameNorm: { contains: text } }, ...(cui != null ? [{ cui }] : [])] } : {}),
    },
    select: { cui: true, name: true },
    orderBy: [{ name: 'asc' }, { cui: 'asc' }],
    take: limit,
  });
}

/** The Admin's page of the contacts one user added (private ones included: the Admin manages their privacy). */
export async function findContactsPageAddedBy<S extends Prisma.ContactSelect>(
  q: { userId: number; cui: number | null; nameContains: string; select: S; orderBy: Prisma.ContactOrderByWithRelationInput[]; skip: number; take: number },
): Promise<{ count: number; rows: Prisma.ContactGetPayload<{ select: S }>[] }> {
  const where: Prisma.ContactWhereInput = {
    userId: q.userId,
    isDeleted: false,
    ...(q.cui != null ? { cui: q.cui } : {}),
    ...(q.nameContains ? { name: { contains: q.nameContains, mode: 'insensitive' as const } } : {}),
  };
  const [count, rows] = await prisma.$transaction([
    prisma.contact.count({ where }),
    prisma.contact.findMany({ where, select: q.select, orderBy: q.orderBy, skip: q.skip, take: q.take }),
  ]);
  return { count, rows: rows as Prisma.ContactGetPayload<{ select: S }>[] };
}

// ───────────────────────────── admin contacts page ─────────────────────────────

const SORT_COLUMN = { Profit_desc: 'profit', Turnover_desc: 'turnover' } as const;

/** Social flag conditions: a link (non-empty) on the platform exists, or not. */
function socialConditions(q: Partial<CompanyContactsQuery>, add: (v: unknown) => string): string[] {
  const out: string[] = [];
  for (const [flag, platform] of Object.entries(SOCIAL_FLAG_PLATFORM) as Array<[keyof typeof SOCIAL_FLAG_PLATFORM, string]>) {
    const value = q[flag];
    if (value == null) continue;
    const exists = `EXISTS (SELECT 1 FROM social_media s WHERE s.cui = c.cui AND s.platform = ${add(platform)} AND s.url <> '')`;
    out.push(value ? exists : `NOT ${exists}`);
  }
  return out;
}

/**
 * GET /api/Contact/getCompanyContacts (Admin): companies matching the search filter and the social
 * flags, each with its social links and its contacts (the Admin sees every contact, private ones
 * included: this is where contacts are administered). The company filter is the search's own SQL.
 */
export async function findCompanyContacts(actor: Actor, q: Partial<CompanyContactsQuery>): Promise<CompanyContactsPage> {
  if (!isAdmin(actor)) throw forbidden();
  const pageSize = q.PageSize ?? 12;
  const pageNumber = q.PageNumber ?? 1;
  const built = buildWhere(q);
  const values = [...built.params.values];
  const add = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const sort = ownValue(SORT_COLUMN, q.OrderBy ?? 'Profit_desc') ?? 'profit';
  // The search engine (decision 106), when it is up: the same filter and social conditions, an exact
  // count; PostgreSQL then reads the page's companies.
  const onEngine = await findOnEngine(q, pageSize, pageNumber);
  if (onEngine) return withContacts(actor, onEngine.companies, onEngine.count, pageSize, pageNumber);
  const social = socialConditions(q, add);
  const where = [built.where.replace(/^WHERE /, ''), ...social].filter(Boolean).join(' AND ');
  const whereSql = where ? `WHERE ${where}` : '';

  // The capped count and the page are independent reads: run them together.
  const countValues = [...values, SEARCH_COUNT_CAP + 1];
  const pageValues = [...values, pageSize, (pageNumber - 1) * pageSize];
  const [[{ n }], companies] = await Promise.all([
    sql<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM company c ${whereSql} LIMIT $${countValues.length}) t`, countValues),
    sql<ContactsCompanyRow>(
      `SELECT c.cui, c.name, c.caen_code, c.employees, c.turnover, c.profit FROM company c ${whereSql}
        ORDER BY c.${sort} DESC, c.cui DESC LIMIT $${pageValues.length - 1} OFFSET $${pageValues.length}`,
      pageValues,
    ),
  ]);
  return withContacts(actor, companies, n, pageSize, pageNumber);
}

type ContactsCompanyRow = { cui: number; name: string; caen_code: string | null; employees: number; turnover: number; profit: number };

/**
 * The engine's page and exact count for the contacts filter (decision 106), or null when the engine
 * is not up: the index keeps the companies with a link on each platform (the ones changed since its
 * build are matched on PostgreSQL by the same social conditions).
 */
async function findOnEngine(
  q: Partial<CompanyContactsQuery>,
  pageSize: number,
  pageNumber: number,
): Promise<{ companies: ContactsCompanyRow[]; count: number } | null> {
  const view = await readyEngine();
  if (!view) return null;
  let only: Int32Array | null = null;
  const without: number[] = [];
  for (const [flag, platform] of Object.entries(SOCIAL_FLAG_PLATFORM) as Array<[keyof typeof SOCIAL_FLAG_PLATFORM, string]>) {
    const value = q[flag];
    if (value == null) continue;
    const linked = view.ix.social.get(platform) ?? new Int32Array(0);
    if (!value) for (const pos of linked) without.push(pos);
    else if (only === null) only = linked;
    else {
      const keep = new Set(linked);
      only = only.filter((pos) => keep.has(pos));
    }
  }
  const limit = Math.max(1, Math.trunc(pageSize));
  const found = await searchOnEngine(
    view,
    { ...q, OrderBy: q.OrderBy ?? 'Profit_desc' },
    { only, without: without.length ? Int32Array.from(new Set(without)).sort() : null, conditions: (p) => socialConditions(q, (v) => p.add(v)) },
    { offset: Math.max(0, Math.trunc((pageNumber - 1) * limit)), limit },
  );
  const rows = found.cuis.length
    ? await sql<ContactsCompanyRow>(`SELECT c.cui, c.name, c.caen_code, c.employees, c.turnover, c.profit FROM company c WHERE c.cui = ANY($1::int[])`, [found.cuis])
    : [];
  const byCui = new Map(rows.map((r) => [Number(r.cui), r]));
  return { companies: found.cuis.flatMap((cui) => byCui.get(cui) ?? []), count: found.count };
}

/** The page's companies with their social links and every contact (the Admin's view). */
async function withContacts(actor: Actor, companies: ContactsCompanyRow[], n: number, pageSize: number, pageNumber: number): Promise<CompanyContactsPage> {
  const numberOfPages = Math.ceil(n / pageSize);
  if (n === 0 || pageNumber > numberOfPages) return { Items: [], Count: n, NumberOfPages: numberOfPages, PageNumber: pageNumber };
  const cuis = companies.map((c) => c.cui);
  const [contacts, links] = await Promise.all([
    prisma.contact.findMany({ where: { cui: { in: cuis }, isDeleted: false }, select: CONTACT_SELECT, orderBy: byId }),
    prisma.socialMedia.findMany({ where: { cui: { in: cuis } }, select: { id: true, cui: true, platform: true, url: true } }),
  ]);
  const items: CompanyContactsItem[] = companies.map((c) => ({
    Cui: c.cui,
    Name: c.name,
    CaenCode: c.caen_code,
    AverageNumberOfEmployees: c.employees,
    NetTurnover: Number(c.turnover),
    NetProfit: Number(c.profit),
    SocialMedia: toSocialMediaList(links.filter((l) => l.cui === c.cui)),
    Contacts: contacts.filter((k: ContactSelected) => k.cui === c.cui).map((k) => toContactDto(actor, k, c.name)),
  }));
  return { Items: items, Count: n, NumberOfPages: numberOfPages, PageNumber: pageNumber };
}

/** SQL (one company at `$1`): the HasEmail and HasPhone facts computed from the public contacts only. */
export const CONTACT_FLAGS_SQL = `
  SELECT EXISTS (SELECT 1 FROM contact k WHERE k.cui = $1 AND ${PUBLIC_CONTACT_SQL('k')} AND coalesce(k.email, '') <> '') AS has_email,
         EXISTS (SELECT 1 FROM contact k WHERE k.cui = $1 AND ${PUBLIC_CONTACT_SQL('k')} AND coalesce(k.phone, '') <> '') AS has_phone`;
