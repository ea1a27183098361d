// A row of the users administration list (GET /api/User/getUsers), for the component tests.
import type { UserListItem } from '@/lib/users/types';

export const userRow = (Id: number, over: Partial<UserListItem> = {}): UserListItem => ({
  Id,
  Name: `Utilizator ${Id}`,
  Email: `u${Id}@exemplu.ro`,
  GroupsNumber: 0,
  ContactsNumber: 0,
  AccountCreatedDate: '2026-11-01T10:00:00.000Z',
  Role: 'User',
  RoleId: 2,
  IsBlocked: false,
  ...over,
});
