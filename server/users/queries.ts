import 'server-only';
// Reads of the users administration. The users list is one SQL statement: it filters and sorts by
// each user's number of groups and contacts, counts Prisma can compute per row but can neither
// filter nor order by (decision 017). Everything else goes through the Prisma client.
import { normalizeSearchText } from '@/lib/text';
import { parseUserContactSort, parseUserSort, type UserContactSortKey, type UserSortKey } from '@/lib/users/sort';
import { ALL_COMPANIES, USER_CONTACTS_PAGE_SIZE, USERS_PAGE_SIZE, type UserContactsFilter, type UserFilter } from '@/lib/users/schemas';
import type { CompanyWithUserContacts, Paged, RoleDto, UserContact, UserDetailsDto, UserListItem } from '@/lib/users/types';
import type { Actor } from '../auth/actor';
import { prisma, sql } from '../kernel/db';
import type { Prisma } from '../generated/prisma/client';
import { escapeLike } from '../kernel/sql';
import { toUserContact, toUserDetails, toUserListItem, userContactSelect, type UserListRow } from './dto';
import { existingUserSql, existingUserWhere, userStandingSql } from '../auth/policy';
import { visibleGroupSql } from '../groups/policy';
import { contactsAddedBySql } from '../contacts/policy';
import { findCompaniesWithContactsOf, findContactsPageAddedBy } from '../contacts/queries';
import { userNotFound } from './policy';
import { parseCui } from '@/lib/cui';

// Groups a user belongs to: the ones they own and the ones they are an active member of, counted
// once, deleted groups left out. Contacts: the ones they added that are not deleted.
const COUNTS = `
  (SELECT count(*)::int FROM company_group_list g WHERE ${visibleGroupSql('g', 'u.id')}) AS groups_number,
  (SELECT count(*)::int FROM ${contactsAddedBySql('u.id')} c) AS contacts_number`;

const USER_COLUMNS = `u.id, u.user_name, u.email, u.created_at, ${userStandingSql('u')} = 'blocked' AS blocked, u.role_id, r.name AS role`;

const ORDER_COLUMN: Record<UserSortKey, string> = {
  Name: 'user_name_norm',
  GroupsNumber: 'groups_number',
  ContactsNumber: 'contacts_number',
  AccountCreatedDate: 'created_at',
};

function pages(count: number, size: number) {
  return Math.ceil(count / size);
}

/** GET /api/User/getUsers: live users (deleted ones are gone from the product), paged. */
export async function findUsers(_actor: Actor, filter: UserFilter): Promise<Paged<UserListItem>> {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [existingUserSql('u')];
  const text = filter.SearchText.trim();
  if (text) {
    // The name as stored for uniqueness (no case, no diacritics), or the e-mail (stored lower-case).
    where.push(`(u.user_name_norm LIKE ${p(`%${escapeLike(normalizeSearchText(text))}%`)} OR u.email LIKE ${p(`%${escapeLike(text.toLowerCase())}%`)})`);
  }
  if (filter.RoleId != null) where.push(`u.role_id = ${p(filter.RoleId)}`);
  if (filter.HasAccess != null) where.push(`${userStandingSql('u')} = ${p(filter.HasAccess ? 'active' : 'blocked')}`);
  const outer: string[] = [];
  if (filter.HasGroups != null) outer.push(filter.HasGroups ? 'groups_number > 0' : 'groups_number = 0');
  if (filter.HasContacts != null) outer.push(filter.HasContacts ? 'contacts_number > 0' : 'contacts_number = 0');

  const sort = parseUserSort(filter.OrderBy) ?? { key: 'Name' as const, descending: false };
  const dir = sort.descending ? 'DESC' : 'ASC';
  const base = `
    SELECT ${USER_COLUMNS}, u.user_name_norm, ${COUNTS}
      FROM app_user u JOIN role r ON r.id = u.role_id
     WHERE ${where.join(' AND ')}`;
  const filtered = `SELECT * FROM (${base}) AS users ${outer.length ? `WHERE ${outer.join(' AND ')}` : ''}`;
  const countParams = [...params];
  const offset = (filter.PageNumber - 1) * USERS_PAGE_SIZE;
  const [countRows, rows] = await Promise.all([
    sql<{ count: number }>(`SELECT count(*)::int AS count FROM (${filtered}) AS f`, countParams),
    sql<UserListRow>(
      `${filtered} ORDER BY ${ORDER_COLUMN[sort.key]} ${dir}, id ${dir} LIMIT ${p(USERS_PAGE_SIZE)} OFFSET ${p(offset)}`,
      params,
    ),
  ]);
  const count = countRows[0]?.count ?? 0;
  return { Items: rows.map(toUserListItem), Count: count, NumberOfPages: pages(count, USERS_PAGE_SIZE) };
}

/** One live user with the list's fields, or null. */
export async function findUserRow(userId: number): Promise<UserListRow | null> {
  const rows = await sql<UserListRow>(
    `SELECT ${USER_COLUMNS}, ${COUNTS} FROM app_user u JOIN role r ON r.id = u.role_id WHERE u.id = $1 AND ${existingUserSql('u')}`,
    [userId],
  );
  return rows[0] ?? null;
}

/** GET /api/User/getUser: 404 for an id that does not exist or was deleted. */
export async function getUserOrThrow(_actor: Actor, userId: number): Promise<UserDetailsDto> {
  const row = await findUserRow(userId);
  if (!row) throw userNotFound();
  return toUserDetails(row);
}

/** GET /api/Role/getRoles */
export async function findRoles(_actor: Actor): Promise<RoleDto[]> {
  const roles = await prisma.role.findMany({ select: { id: true, name: true }, orderBy: { id: 'asc' } });
  return roles.map((r) => ({ Id: r.id, Name: r.name }));
}

async function assertLiveUser(userId: number): Promise<void> {
  const user = await prisma.user.findFirst({ where: { id: userId, ...existingUserWhere }, select: { id: true } });
  if (!user) throw userNotFound();
}

/** How many companies the dropdown of the contacts modal lists at most (the search narrows it). */
const COMPANY_DROPDOWN_LIMIT = 100;

/** GET /api/Company/getCompapaniesWithUserContacts: the companies a user added contacts to. */
export async function findCompaniesWithUserContacts(_actor: Actor, userId: number, searchText: string): Promise<CompanyWithUserContacts[]> {
  await assertLiveUser(userId);
  const text = normalizeSearchText(searchText);
  const cui = parseCui(searchText);
  const companies = await findCompaniesWithContactsOf(userId, text, cui ?? null, COMPANY_DROPDOWN_LIMIT);
  return companies.map((c) => ({ Cui: c.cui, Company: c.name }));
}

const CONTACT_ORDER: Record<UserContactSortKey, (dir: 'asc' | 'desc') => Prisma.ContactOrderByWithRelationInput> = {
  CompanyName: (dir) => ({ company: { name: dir } }),
  Name: (dir) => ({ name: { sort: dir, nulls: 'last' } }),
  PhoneNumber: (dir) => ({ phone: { sort: dir, nulls: 'last' } }),
  Email: (dir) => ({ email: { sort: dir, nulls: 'last' } }),
};

/**
 * GET /api/Contact/getUserContacts: the contacts a user added, private ones included (an Admin
 * manages their privacy here), searched by the representative's name.
 */
export async function findUserContacts(_actor: Actor, filter: UserContactsFilter): Promise<Paged<UserContact>> {
  await assertLiveUser(filter.UserId);
  const sort = parseUserContactSort(filter.OrderBy) ?? { key: 'CompanyName' as const, descending: false };
  const dir = sort.descending ? 'desc' : 'asc';
  const text = filter.SearchText.trim();
  const { count, rows } = await findContactsPageAddedBy({
    userId: filter.UserId,
    cui: filter.Cui !== ALL_COMPANIES ? filter.Cui : null,
    nameContains: text,
    select: userContactSelect,
    orderBy: [CONTACT_ORDER[sort.key](dir), { id: dir }],
    skip: (filter.PageNumber - 1) * USER_CONTACTS_PAGE_SIZE,
    take: USER_CONTACTS_PAGE_SIZE,
  });
  return { Items: rows.map(toUserContact), Count: count, NumberOfPages: pages(count, USER_CONTACTS_PAGE_SIZE) };
}
