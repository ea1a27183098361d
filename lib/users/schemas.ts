import { z } from 'zod';
import { dbId, dbIdOrNew, MAX_DB_ID, queryBoolean, queryNumber, queryNumberWithDefault, queryText, requiredEmail, requiredString } from '@/lib/shared/schemas';
import { GROUP_LIMITS } from '@/lib/groups/schemas';
import { parseUserContactSort, parseUserSort } from './sort';

const name = () => requiredString({ min: GROUP_LIMITS.nameMin, max: GROUP_LIMITS.nameMax });

/** Ids are PostgreSQL integers: a larger number is refused as input, not by the database. */
const MAX_ID = MAX_DB_ID;
const id = dbId;

/** Page sizes of the users list and of the contacts modal (not fixed by the product; decision 017). */
export const USERS_PAGE_SIZE = 10;
export const USER_CONTACTS_PAGE_SIZE = 10;
/** Value of the company dropdown's "Toate" entry in the contacts modal. */
export const ALL_COMPANIES = -1;

/** The modal "Modifică utilizatorul" (the form leaves Id out; the request carries it). */
export const editUserSchema = z.object({
  Id: z.union([z.string().min(1), dbIdOrNew()]).optional(),
  UserName: name(),
  Email: requiredEmail({ max: 254 }),
});

/** PUT /api/User/updateUser: the same fields as the modal, with the user's id. */
export const updateUserSchema = editUserSchema.extend({ Id: id() });
export type UpdateUserInput = z.output<typeof updateUserSchema>;

/** GET /api/User/getUser?userId */
export const userIdQuerySchema = z.object({ userId: id() });

/** DELETE /api/User/{id} */
export const userIdParamsSchema = z.object({ id: id() });

const sortText = (parse: (v: string) => unknown, fallback: string) =>
  queryText({ max: 60 })
    .transform((v) => v || fallback)
    .refine((v) => parse(v) !== null, { message: 'Criteriul de ordonare nu este cunoscut.' });

/** GET /api/User/getUsers: the user filter (null = "Toate"). */
export const userFilterSchema = z.object({
  OrderBy: sortText(parseUserSort, 'Name'),
  SearchText: queryText({ max: 200 }),
  PageNumber: queryNumberWithDefault(1, { int: true, min: 1, max: 1_000_000 }),
  HasGroups: queryBoolean(),
  HasContacts: queryBoolean(),
  HasAccess: queryBoolean(),
  RoleId: queryNumber({ int: true, min: 1, max: MAX_ID }),
});
export type UserFilter = z.output<typeof userFilterSchema>;

/** PUT /api/User/updateUserAccess */
export const updateUserAccessSchema = z.object({ IsBlocked: z.boolean(), UserId: id() });
export type UpdateUserAccessInput = z.output<typeof updateUserAccessSchema>;

/** PUT /api/Role/updateUserRole */
export const updateUserRoleSchema = z.object({ RoleId: id(), UserId: id() });
export type UpdateUserRoleInput = z.output<typeof updateUserRoleSchema>;

/** GET /api/Company/getCompapaniesWithUserContacts?userId&searchText */
export const companiesWithUserContactsSchema = z.object({ userId: id(), searchText: queryText({ max: 200 }) });

/** GET /api/Contact/getUserContacts: Cui -1 means every company. */
export const userContactsFilterSchema = z.object({
  OrderBy: sortText(parseUserContactSort, 'CompanyName'),
  UserId: id(),
  SearchText: queryText({ max: 200 }),
  PageNumber: queryNumberWithDefault(1, { int: true, min: 1, max: 1_000_000 }),
  Cui: queryNumberWithDefault(ALL_COMPANIES, { int: true, min: ALL_COMPANIES, max: MAX_ID }).refine((v) => v !== 0, {
    message: 'CUI invalid.',
  }),
});
export type UserContactsFilter = z.output<typeof userContactsFilterSchema>;

/** PUT /api/Contact/updatePrivacy */
export const updatePrivacySchema = z.object({ Private: z.boolean(), Id: id() });
export type UpdatePrivacyInput = z.output<typeof updatePrivacySchema>;
