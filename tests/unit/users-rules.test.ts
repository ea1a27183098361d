// The users administration's shared rules: request schemas, sort keys, the filter state, the
// contacts modal title, and the self-protection / last-Admin policy.
import { MESSAGES } from '@/lib/shared/schemas';
import { toggleSort } from '@/lib/company-rules';
import { EMPTY_USER_FILTERS, hasAnyFilter, INITIAL_USERS_STATE, toUsersQuery } from '@/lib/users/filters';
import {
  editUserSchema,
  updatePrivacySchema,
  updateUserAccessSchema,
  updateUserRoleSchema,
  updateUserSchema,
  userContactsFilterSchema,
  userFilterSchema,
  userIdParamsSchema,
} from '@/lib/users/schemas';
import { parseUserContactSort, parseUserSort, sortDirectionOf } from '@/lib/users/sort';
import { contactsModalTitle, USER_ERRORS } from '@/lib/users/texts';
import { assertKeepsAnAdmin, assertNotSelf } from '@/server/users/policy';
import { issuesOf } from './schemas-helpers';

describe('edit user (modal and PUT /api/User/updateUser)', () => {
  it.each([
    [{ UserName: '', Email: '' }, { UserName: [MESSAGES.required], Email: [MESSAGES.required] }],
    [{ UserName: 'ab', Email: 'a@b.ro' }, { UserName: [MESSAGES.minLength(3)] }],
    [{ UserName: '  ab  ', Email: 'a@b.ro' }, { UserName: [MESSAGES.minLength(3)] }],
    [{ UserName: 'a'.repeat(201), Email: 'a@b.ro' }, { UserName: [MESSAGES.maxLength(200)] }],
    [{ UserName: 'Ana Pop', Email: 'nu-e-email' }, { Email: [MESSAGES.email] }],
  ])('%p -> %p', (input, issues) => {
    expect(issuesOf(editUserSchema, input)).toEqual(issues);
  });

  it('accepts 3 and 200 characters and a valid address; the request also needs a positive integer Id', () => {
    expect(issuesOf(editUserSchema, { UserName: 'Ana', Email: 'ana@exemplu.ro' })).toEqual({});
    expect(issuesOf(editUserSchema, { UserName: 'a'.repeat(200), Email: 'ana@exemplu.ro' })).toEqual({});
    expect(updateUserSchema.parse({ Id: '12', UserName: ' Ana ', Email: 'ana@exemplu.ro' })).toEqual({ Id: 12, UserName: 'Ana', Email: 'ana@exemplu.ro' });
    expect(Object.keys(issuesOf(updateUserSchema, { UserName: 'Ana', Email: 'ana@exemplu.ro' }))).toEqual(['Id']);
    expect(Object.keys(issuesOf(updateUserSchema, { Id: 0, UserName: 'Ana', Email: 'ana@exemplu.ro' }))).toEqual(['Id']);
    expect(Object.keys(issuesOf(updateUserSchema, { Id: 2 ** 31, UserName: 'Ana', Email: 'ana@exemplu.ro' }))).toEqual(['Id']);
  });
});

describe('the other request schemas', () => {
  it('access, role, privacy: booleans must be booleans, ids positive integers', () => {
    expect(updateUserAccessSchema.parse({ IsBlocked: true, UserId: 3 })).toEqual({ IsBlocked: true, UserId: 3 });
    expect(Object.keys(issuesOf(updateUserAccessSchema, { IsBlocked: 'true', UserId: 3 }))).toEqual(['IsBlocked']);
    expect(Object.keys(issuesOf(updateUserRoleSchema, { RoleId: -1, UserId: 'x' })).sort()).toEqual(['RoleId', 'UserId']);
    expect(Object.keys(issuesOf(updatePrivacySchema, { Private: 1, Id: 3 }))).toEqual(['Private']);
    expect(userIdParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
    expect(Object.keys(issuesOf(userIdParamsSchema, { id: '4.2' }))).toEqual(['id']);
  });

  it('the user filter: defaults, "all" as empty, booleans and role id from the query string', () => {
    expect(userFilterSchema.parse({})).toEqual({ OrderBy: 'Name', SearchText: '', PageNumber: 1, HasGroups: null, HasContacts: null, HasAccess: null, RoleId: null });
    expect(userFilterSchema.parse({ OrderBy: 'GroupsNumber_desc', SearchText: ' ana ', PageNumber: '3', HasGroups: 'true', HasContacts: 'FALSE', HasAccess: '', RoleId: '2' })).toEqual({
      OrderBy: 'GroupsNumber_desc',
      SearchText: 'ana',
      PageNumber: 3,
      HasGroups: true,
      HasContacts: false,
      HasAccess: null,
      RoleId: 2,
    });
    expect(Object.keys(issuesOf(userFilterSchema, { OrderBy: 'PasswordHash' }))).toEqual(['OrderBy']);
    expect(Object.keys(issuesOf(userFilterSchema, { HasGroups: 'da' }))).toEqual(['HasGroups']);
    expect(Object.keys(issuesOf(userFilterSchema, { PageNumber: '0' }))).toEqual(['PageNumber']);
  });

  it('the contacts filter: Cui -1 (all) by default, 0 refused, CompanyName first', () => {
    expect(userContactsFilterSchema.parse({ UserId: '5' })).toEqual({ OrderBy: 'CompanyName', UserId: 5, SearchText: '', PageNumber: 1, Cui: -1 });
    expect(userContactsFilterSchema.parse({ UserId: 5, Cui: '123456' }).Cui).toBe(123456);
    expect(Object.keys(issuesOf(userContactsFilterSchema, { UserId: 5, Cui: '0' }))).toEqual(['Cui']);
    expect(Object.keys(issuesOf(userContactsFilterSchema, { UserId: 5, Cui: '-2' }))).toEqual(['Cui']);
    expect(Object.keys(issuesOf(userContactsFilterSchema, {}))).toEqual(['UserId']);
  });
});

describe('sorting', () => {
  it('accepts the four user columns in any case, with _desc; nothing else', () => {
    expect(parseUserSort('')).toEqual({ key: 'Name', descending: false });
    expect(parseUserSort('groupsnumber')).toEqual({ key: 'GroupsNumber', descending: false });
    expect(parseUserSort('ContactsNumber_DESC')).toEqual({ key: 'ContactsNumber', descending: true });
    expect(parseUserSort('AccountCreatedDate_desc')).toEqual({ key: 'AccountCreatedDate', descending: true });
    expect(parseUserSort('Email')).toBeNull();
    expect(parseUserSort('Name; DROP TABLE app_user')).toBeNull();
  });

  it('the contacts columns, with the header names Company and Phone as aliases', () => {
    expect(parseUserContactSort(undefined)).toEqual({ key: 'CompanyName', descending: false });
    expect(parseUserContactSort('Company_desc')).toEqual({ key: 'CompanyName', descending: true });
    expect(parseUserContactSort('Phone')).toEqual({ key: 'PhoneNumber', descending: false });
    expect(parseUserContactSort('Email_desc')).toEqual({ key: 'Email', descending: true });
    expect(parseUserContactSort('Role')).toBeNull();
  });

  it('a header click: a new column ascending, the same column then _desc, then ascending again; the header shows it', () => {
    let order = 'Name';
    order = toggleSort(order, 'GroupsNumber');
    expect([order, sortDirectionOf(order, 'GroupsNumber'), sortDirectionOf(order, 'Name')]).toEqual(['GroupsNumber', 'asc', null]);
    order = toggleSort(order, 'GroupsNumber');
    expect([order, sortDirectionOf(order, 'GroupsNumber')]).toEqual(['GroupsNumber_desc', 'desc']);
    order = toggleSort(order, 'GroupsNumber');
    expect(order).toBe('GroupsNumber');
    expect(toggleSort('Name_desc', 'AccountCreatedDate')).toBe('AccountCreatedDate');
  });
});

describe('the filter state of the screen', () => {
  it('Reset shows only when a dropdown is not "all"', () => {
    expect(hasAnyFilter(EMPTY_USER_FILTERS)).toBe(false);
    expect(hasAnyFilter({ ...EMPTY_USER_FILTERS, HasAccess: 'false' })).toBe(true);
    expect(hasAnyFilter({ ...EMPTY_USER_FILTERS, RoleId: '1' })).toBe(true);
  });

  it('the query: "all" becomes null, the rest typed', () => {
    expect(toUsersQuery(INITIAL_USERS_STATE)).toEqual({ OrderBy: 'Name', SearchText: '', PageNumber: 1, HasGroups: null, HasContacts: null, HasAccess: null, RoleId: null });
    expect(
      toUsersQuery({ filters: { HasGroups: 'true', HasContacts: 'false', HasAccess: 'false', RoleId: '2' }, SearchText: ' ana ', OrderBy: 'Name_desc', PageNumber: 2 }),
    ).toEqual({ OrderBy: 'Name_desc', SearchText: 'ana', PageNumber: 2, HasGroups: true, HasContacts: false, HasAccess: false, RoleId: 2 });
  });
});

describe('the contacts modal title', () => {
  it('cuts the user name at 50 characters with "..."', () => {
    expect(contactsModalTitle('Ana Pop')).toBe('Contactele adăugate de Ana Pop');
    const long = 'A'.repeat(50) + 'BCD';
    expect(contactsModalTitle(long)).toBe(`Contactele adăugate de ${'A'.repeat(50)}...`);
    expect(contactsModalTitle('A'.repeat(50))).toBe(`Contactele adăugate de ${'A'.repeat(50)}`);
  });
});

describe('policy', () => {
  const admin = { userId: 1, userName: 'Admin', roles: ['Admin' as const] };
  const target = (over: Partial<{ id: number; role: string; standing: 'active' | 'blocked' | 'gone' }> = {}) => ({ id: 2, role: 'Admin', standing: 'active' as const, ...over });

  it('an Admin cannot block, demote or delete their own account', () => {
    expect(() => assertNotSelf(admin, 1, 'block')).toThrow(USER_ERRORS.selfBlock);
    expect(() => assertNotSelf(admin, 1, 'demote')).toThrow(USER_ERRORS.selfDemote);
    expect(() => assertNotSelf(admin, 1, 'delete')).toThrow(USER_ERRORS.selfDelete);
    expect(() => assertNotSelf(admin, 2, 'delete')).not.toThrow();
  });

  it('the last active Admin stays; users, blocked Admins and Admins with a peer may go', () => {
    expect(() => assertKeepsAnAdmin(target(), [2])).toThrow(USER_ERRORS.lastAdmin);
    expect(() => assertKeepsAnAdmin(target(), [])).toThrow(USER_ERRORS.lastAdmin);
    expect(() => assertKeepsAnAdmin(target(), [1, 2])).not.toThrow();
    expect(() => assertKeepsAnAdmin(target({ role: 'User' }), [])).not.toThrow();
    expect(() => assertKeepsAnAdmin(target({ standing: 'blocked' }), [1])).not.toThrow();
  });
});
