// Answers of the users administration endpoints (field names of the product's API).

export type { Paged } from '@/lib/shared/paged';

/** A row of GET /api/User/getUsers. */
export type UserListItem = {
  Id: number;
  Name: string;
  Email: string;
  GroupsNumber: number;
  ContactsNumber: number;
  /** ISO date-time */
  AccountCreatedDate: string;
  /** The role's name */
  Role: string;
  RoleId: number;
  IsBlocked: boolean;
};

/** GET /api/User/getUser, and the answer of the user updates. */
export type UserDetailsDto = UserListItem & { UserName: string };

export type RoleDto = { Id: number; Name: string };

/** GET /api/Company/getCompapaniesWithUserContacts */
export type CompanyWithUserContacts = { Cui: number; Company: string };

/** A row of GET /api/Contact/getUserContacts. */
export type UserContact = {
  Id: number;
  Name: string | null;
  Role: string | null;
  PhoneNumber: string | null;
  Email: string | null;
  Private: boolean;
  CompanyName: string;
  Cui: number;
};
