// The browser's calls of the group and company-comment endpoints (paths and payloads as documented).
import { ApiError, apiCall } from '@/lib/api/client';
import type { AccessLevel } from './schemas';

export type CompanyGroupsFilter = Record<string, string | number | boolean | null | undefined>;

export const groupsApi = {
  getGroups: (q: { OrderBy?: string; SearchText?: string; PageNumber?: number; PageSize?: number }, background = true) =>
    apiCall('GET /api/Group/getGroups', { query: q, background }),
  getGroupsForEdit: (searchText = '') => apiCall('GET /api/Group/getGroupsForEdit', { query: { searchText } }),
  get: (id: number) => apiCall('GET /api/Group/get', { query: { id }, background: true }),
  add: (name: string) => apiCall('POST /api/Group/add', { query: { name } }),
  updateRange: (groups: Array<{ Id: number; Name: string }>) => apiCall('PUT /api/Group/updateRange', { body: groups }),
  update: (group: { Id: number; Name: string }) => apiCall('PUT /api/Group/update', { body: group }),
  remove: (id: number) => apiCall('DELETE /api/Group/[id]', { params: { id } }),
  getGroupMembers: (groupId: number) => apiCall('GET /api/Group/getGroupMembers', { query: { groupId }, background: true }),
  getPermisions: () => apiCall('GET /api/Group/getPermisions', { background: true }),
  invite: (q: { Email: string; GroupId: number; Access: AccessLevel }) => apiCall('POST /api/Group/invite', { query: q }),
  editGroupMember: (GroupMemberId: number, Access: AccessLevel) => apiCall('PUT /api/Group/editGroupMember', { query: { GroupMemberId, Access } }),
  virtualDeleteGroupMember: (id: number) => apiCall('PUT /api/Group/virtualDeleteGroupMember/[id]', { params: { id } }),
  acceptInvite: (inviteId: string) => apiCall('POST /api/Group/acceptInvite', { query: { inviteId } }),
  rejectInvite: (inviteId: string) => apiCall('POST /api/Group/rejectInvite', { query: { inviteId } }),
  getCompanyGroups: (filter: CompanyGroupsFilter) => apiCall('GET /api/Group/getCompanyGroups', { query: filter, background: true }),
  updateCompanyGroup: (Id: number, GroupId: number) => apiCall('PUT /api/Group/updateCompanyGroup', { body: { Id, GroupId } }),
  deleteCompanyFromGroup: (companyGroupId: number) => apiCall('DELETE /api/Group/deleteCompanyFromGroup', { query: { companyGroupId } }),
  addComapaniesToGroup: (groupId: number, cuis: number[]) => apiCall('POST /api/Group/addComapaniesToGroup', { query: { groupId }, body: cuis }),
  getGroupsForCompany: (cui: number) => apiCall('GET /api/Group/getGroupsForCompany', { query: { cui }, background: true }),
  updateOrAddCompanyToGroup: (Cui: number, GroupId: number) => apiCall('PUT /api/Group/updateOrAddCompanyToGroup', { body: { Cui, GroupId } }),
  deleteCompanyFromItsGroup: (cui: number) => apiCall('DELETE /api/Group/deleteCompanyFromItsGroup', { query: { cui } }),
  // Ours (docs/decisions/041, 042): invitations after sending, leaving, restoring.
  getGroupInvitations: (groupId: number, PageNumber = 1) => apiCall('GET /api/Group/getGroupInvitations', { query: { groupId, PageNumber }, background: true }),
  revokeInvite: (inviteId: string) => apiCall('PUT /api/Group/revokeInvite', { query: { inviteId } }),
  resendInvite: (inviteId: string) => apiCall('POST /api/Group/resendInvite', { query: { inviteId } }),
  getMyInvitations: (PageNumber = 1) => apiCall('GET /api/Group/getMyInvitations', { query: { PageNumber }, background: true }),
  leaveGroup: (groupId: number) => apiCall('PUT /api/Group/leaveGroup', { query: { groupId } }),
  getDeletedGroups: (PageNumber = 1) => apiCall('GET /api/Group/getDeletedGroups', { query: { PageNumber }, background: true }),
  restoreGroup: (id: number) => apiCall('PUT /api/Group/restoreGroup', { query: { id } }),
};

export const commentsApi = {
  list: (companyGroupId: number) => apiCall('GET /api/CompanyComment/getCommentsByCompanyGroupId', { query: { companyGroupId }, background: true }),
  add: (body: { Content: string; CompanyCui: number; CompanyGroupId: number }) => apiCall('POST /api/CompanyComment/add', { body }),
  update: (body: { Id: number; Content: string }) => apiCall('PUT /api/CompanyComment/update', { body }),
  remove: (id: number) => apiCall('DELETE /api/CompanyComment/[id]', { params: { id } }),
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
