// The browser's calls of the group and company-comment endpoints (paths and payloads as documented).
import { api, ApiError } from '../api-client';
import type { AccessLevel } from './schemas';
import type { DeletedItem } from '../shared/restore';
import type { CompanyComment, GroupForEdit, GroupMember, MyInvitation, Paged, PendingInvitation, Permission } from './types';
import { endpoint } from '@/lib/api/endpoint';
import { apiCall } from '@/lib/api/client';

export type CompanyGroupsFilter = Record<string, string | number | boolean | null | undefined>;

export const groupsApi = {
  getGroups: (q: { OrderBy?: string; SearchText?: string; PageNumber?: number; PageSize?: number }, background = true) =>
    apiCall('GET /api/Group/getGroups', { query: q, background }),
  getGroupsForEdit: (searchText = '') => api.get<GroupForEdit[]>(endpoint('GET /api/Group/getGroupsForEdit'), { searchText }),
  get: (id: number) => apiCall('GET /api/Group/get', { query: { id }, background: true }),
  add: (name: string) => api.post<{ Id: number; Name: string }>(`${endpoint('POST /api/Group/add')}?name=${encodeURIComponent(name)}`),
  updateRange: (groups: Array<{ Id: number; Name: string }>) => api.put(endpoint('PUT /api/Group/updateRange'), groups),
  update: (group: { Id: number; Name: string }) => api.put(endpoint('PUT /api/Group/update'), group),
  remove: (id: number) => api.delete(endpoint('DELETE /api/Group/[id]', { id })),
  getGroupMembers: (groupId: number) => api.get<GroupMember[]>(endpoint('GET /api/Group/getGroupMembers'), { groupId }, { background: true }),
  getPermisions: () => api.get<Permission[]>(endpoint('GET /api/Group/getPermisions'), undefined, { background: true }),
  invite: (q: { Email: string; GroupId: number; Access: AccessLevel }) =>
    api.post<{ Message: string }>(`${endpoint('POST /api/Group/invite')}?${new URLSearchParams({ Email: q.Email, GroupId: String(q.GroupId), Access: q.Access })}`),
  editGroupMember: (GroupMemberId: number, Access: AccessLevel) =>
    api.put(`${endpoint('PUT /api/Group/editGroupMember')}?${new URLSearchParams({ GroupMemberId: String(GroupMemberId), Access })}`),
  virtualDeleteGroupMember: (id: number) => api.put(endpoint('PUT /api/Group/virtualDeleteGroupMember/[id]', { id })),
  acceptInvite: (inviteId: string) => api.post<{ GroupId: number; GroupName: string }>(`${endpoint('POST /api/Group/acceptInvite')}?inviteId=${encodeURIComponent(inviteId)}`),
  rejectInvite: (inviteId: string) => api.post(`${endpoint('POST /api/Group/rejectInvite')}?inviteId=${encodeURIComponent(inviteId)}`),
  getCompanyGroups: (filter: CompanyGroupsFilter) => apiCall('GET /api/Group/getCompanyGroups', { query: filter, background: true }),
  updateCompanyGroup: (Id: number, GroupId: number) => api.put(endpoint('PUT /api/Group/updateCompanyGroup'), { Id, GroupId }),
  deleteCompanyFromGroup: (companyGroupId: number) => api.delete(endpoint('DELETE /api/Group/deleteCompanyFromGroup'), { companyGroupId }),
  addComapaniesToGroup: (groupId: number, cuis: number[]) => api.post<{ Added: number }>(`${endpoint('POST /api/Group/addComapaniesToGroup')}?groupId=${groupId}`, cuis),
  getGroupsForCompany: (cui: number) => apiCall('GET /api/Group/getGroupsForCompany', { query: { cui }, background: true }),
  updateOrAddCompanyToGroup: (Cui: number, GroupId: number) => api.put(endpoint('PUT /api/Group/updateOrAddCompanyToGroup'), { Cui, GroupId }),
  deleteCompanyFromItsGroup: (cui: number) => api.delete(endpoint('DELETE /api/Group/deleteCompanyFromItsGroup'), { cui }),
  // Ours (docs/decisions/041, 042): invitations after sending, leaving, restoring.
  getGroupInvitations: (groupId: number, PageNumber = 1) =>
    api.get<Paged<PendingInvitation>>(endpoint('GET /api/Group/getGroupInvitations'), { groupId, PageNumber }, { background: true }),
  revokeInvite: (inviteId: string) => api.put<{ Message: string }>(`${endpoint('PUT /api/Group/revokeInvite')}?inviteId=${encodeURIComponent(inviteId)}`),
  resendInvite: (inviteId: string) => api.post<{ Message: string }>(`${endpoint('POST /api/Group/resendInvite')}?inviteId=${encodeURIComponent(inviteId)}`),
  getMyInvitations: (PageNumber = 1) => api.get<Paged<MyInvitation>>(endpoint('GET /api/Group/getMyInvitations'), { PageNumber }, { background: true }),
  leaveGroup: (groupId: number) => api.put<{ Message: string }>(`${endpoint('PUT /api/Group/leaveGroup')}?groupId=${groupId}`),
  getDeletedGroups: (PageNumber = 1) => api.get<Paged<DeletedItem>>(endpoint('GET /api/Group/getDeletedGroups'), { PageNumber }, { background: true }),
  restoreGroup: (id: number) => api.put<{ Id: number; Name: string }>(`${endpoint('PUT /api/Group/restoreGroup')}?id=${id}`),
};

export const commentsApi = {
  list: (companyGroupId: number) => api.get<CompanyComment[]>(endpoint('GET /api/CompanyComment/getCommentsByCompanyGroupId'), { companyGroupId }, { background: true }),
  add: (body: { Content: string; CompanyCui: number; CompanyGroupId: number }) => api.post<CompanyComment>(endpoint('POST /api/CompanyComment/add'), body),
  update: (body: { Id: number; Content: string }) => api.put<CompanyComment>(endpoint('PUT /api/CompanyComment/update'), body),
  remove: (id: number) => api.delete(endpoint('DELETE /api/CompanyComment/[id]', { id })),
};

/** The server's Romanian message when it sent one (409 "already a member", 403 rights), else null. */
export function serverMessage(e: unknown): string | null {
  return e instanceof ApiError && e.status < 500 ? (e.body?.Message ?? null) : null;
}

/** The texts of the success toasts. */
export const GROUP_TOASTS = {
  companyAdded: 'Compania a fost adăugată cu succes în grup!',
  companyRemoved: 'Compania a fost ștearsă cu succes din grup!',
  companyMoved: 'Compania a fost mutată cu succes!',
  companiesAdded: 'Companiile au fost adăugate cu succes în grup!',
  groupAdded: 'Grupul a fost adăugat cu succes!',
  groupDeleted: 'Grupul a fost șters cu succes!',
  groupsUpdated: 'Grupurile au fost modificate cu succes!',
  groupUpdated: 'Grupul a fost modificat cu succes!',
  noChanges: 'Nu sunt modificări noi pentru actualizare!',
  commentAdded: 'Comentariul a fost adăugat cu succes!',
  commentUpdated: 'Comentariul a fost modificat cu succes!',
  commentDeleted: 'Comentariul a fost șters cu succes!',
  inviteSent: 'Invitația a fost trimisă cu succes!',
  memberUpdated: 'Drepturile membrului au fost modificate cu succes!',
  memberRemoved: 'Membrul a fost eliminat cu succes din grup!',
  inviteAccepted: 'Invitația a fost acceptată cu succes',
  inviteRejected: 'Invitația a fost respinsă',
  inviteRevoked: 'Invitația a fost revocată.',
  inviteResent: 'Invitația a fost retrimisă cu succes!',
  groupLeft: 'Ați părăsit grupul.',
  groupRestored: 'Grupul a fost restaurat cu succes!',
} as const;

export const REMOVE_COMPANY_QUESTION = 'Sigur doriți să ștergeți compania din acest grup?';
