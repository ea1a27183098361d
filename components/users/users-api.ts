'use client';

// The users administration calls, typed, over the browser's API layer (bearer token, refresh).
import { apiCall } from '@/lib/api/client';

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
  getUsers: (q: UsersQuery, signal?: AbortSignal) => apiCall('GET /api/User/getUsers', { query: q, background: true, signal }),
  getUser: (userId: number) => apiCall('GET /api/User/getUser', { query: { userId } }),
  updateUser: (body: { Id: number; UserName: string; Email: string }) => apiCall('PUT /api/User/updateUser', { body }),
  updateUserAccess: (body: { IsBlocked: boolean; UserId: number }) => apiCall('PUT /api/User/updateUserAccess', { body }),
  deleteUser: (id: number) => apiCall('DELETE /api/User/[id]', { params: { id } }),
  getRoles: () => apiCall('GET /api/Role/getRoles', { background: true }),
  updateUserRole: (body: { RoleId: number; UserId: number }) => apiCall('PUT /api/Role/updateUserRole', { body }),
  getCompanies: (userId: number, searchText = '') => apiCall('GET /api/Company/getCompapaniesWithUserContacts', { query: { userId, searchText }, background: true }),
  getUserContacts: (q: UserContactsQuery, signal?: AbortSignal) => apiCall('GET /api/Contact/getUserContacts', { query: q, background: true, signal }),
  updatePrivacy: (body: { Private: boolean; Id: number }) => apiCall('PUT /api/Contact/updatePrivacy', { body }),
};
