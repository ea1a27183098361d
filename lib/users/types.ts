// Answers of the users administration endpoints (field names of the product's API), derived from
// their contract (lib/api/contract/admin.ts, company.ts, contacts.ts).
import type { AnswerOf } from '@/lib/api/client';

export type { Paged } from '@/lib/shared/paged';

/** A row of GET /api/User/getUsers (AccountCreatedDate: ISO date-time; Role: the role's name). */
export type UserListItem = AnswerOf<'GET /api/User/getUsers'>['Items'][number];

/** GET /api/User/getUser, and the answer of the user updates. */
export type UserDetailsDto = AnswerOf<'GET /api/User/getUser'>;

export type RoleDto = AnswerOf<'GET /api/Role/getRoles'>[number];

/** GET /api/Company/getCompapaniesWithUserContacts */
export type CompanyWithUserContacts = AnswerOf<'GET /api/Company/getCompapaniesWithUserContacts'>[number];

/** A row of GET /api/Contact/getUserContacts. */
export type UserContact = AnswerOf<'GET /api/Contact/getUserContacts'>['Items'][number];
