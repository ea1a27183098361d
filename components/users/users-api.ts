'use client';

// The users administration calls, typed, over the browser's API layer (bearer token, refresh).
import { api } from '@/lib/api-client';
import type { CompanyWithUserContacts, Paged, RoleDto, UserContact, UserDetailsDto, UserListItem } from '@/lib/users/types';
import { endpoint } from '@/lib/api/endpoint';

export type UsersQuery = {
  OrderBy: string;
  SearchText: string;
  PageNumber: number;
  HasGroups: boolean | null;
  HasContacts: boolean | null;
  HasAccess: boolean | null;
  RoleId: number | null;
};

export type UserContactsQuery = { OrderBy: string; UserId: number; SearchText: string; PageNumber: number; Cui: number };

// Lists load in the background (placeholder rows); changes show the global loader.
export const usersApi = {
  getUsers: (q: UsersQuery, signal?: AbortSignal) => api.get<Paged<UserListItem>>(endpoint('GET /api/User/getUsers'), q, { background: true, signal }),
  getUser: (userId: number) => api.get<UserDetailsDto>(endpoint('GET /api/User/getUser'), { userId }),
  updateUser: (body: { Id: number; UserName: string; Email: string }) => api.put<UserDetailsDto>(endpoint('PUT /api/User/updateUser'), body),
  updateUserAccess: (body: { IsBlocked: boolean; UserId: number }) => api.put<UserDetailsDto>(endpoint('PUT /api/User/updateUserAccess'), body),
  deleteUser: (id: number) => api.delete<void>(endpoint('DELETE /api/User/[id]', { id })),
  getRoles: () => api.get<RoleDto[]>(endpoint('GET /api/Role/getRoles'), undefined, { background: true }),
  updateUserRole: (body: { RoleId: number; UserId: number }) => api.put<UserDetailsDto>(endpoint('PUT /api/Role/updateUserRole'), body),
  getCompanies: (userId: number, searchText = '') =>
    api.get<CompanyWithUserContacts[]>(endpoint('GET /api/Company/getCompapaniesWithUserContacts'), { userId, searchText }, { background: true }),
  getUserContacts: (q: UserContactsQuery, signal?: AbortSignal) => api.get<Paged<UserContact>>(endpoint('GET /api/Contact/getUserContacts'), q, { background: true, signal }),
  updatePrivacy: (body: { Private: boolean; Id: number }) => api.put<{ Id: number; Private: boolean }>(endpoint('PUT /api/Contact/updatePrivacy'), body),
};
