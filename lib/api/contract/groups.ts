// The contract of the groups endpoints (grupuri de firme și comentarii): access, input schemas, answer and summary.
import { endpoints } from './types';
import { z } from 'zod';
import { companyGroupsAnswer, deletedItemAnswer, groupAnswer, groupsAnswer, groupsForCompanyAnswer, idNameAnswer, messageAnswer, paged, updatedAnswer } from './answers';
import { ACCESS_LEVELS, addCommentSchema, addCompaniesBodySchema, addGroupSchema, companyGroupIdQuerySchema, companyGroupsQuerySchema, companyToGroupSchema, cuiQuerySchema, editGroupMemberSchema, groupIdQuerySchema, groupInvitationsQuerySchema, groupListQuerySchema, groupsForEditQuerySchema, idQuerySchema, inviteIdSchema, inviteSchema, moveCompanyGroupSchema, myInvitationsQuerySchema, updateCommentSchema, updateGroupSchema, updateGroupsSchema } from '@/lib/groups/schemas';
import { addCuiListBodySchema, addSearchQuerySchema, matchCuiListBodySchema } from '@/lib/prospecting/schemas';
import { deletedListQuerySchema } from '@/lib/shared/restore';

// ── answers (lib/groups/types.ts derives its types from them) ──
const access = z.enum(ACCESS_LEVELS);
const groupForEditAnswer = z.object({ Id: z.number().int(), Name: z.string(), CompaniesNumber: z.number().int(), IsOwner: z.boolean() });
const groupMemberAnswer = z.object({ Id: z.number().int(), UserName: z.string(), Access: access, IsOwner: z.boolean() });
const permissionAnswer = z.object({ Id: access, Name: z.string() });
const commentAnswer = z.object({ Id: z.number().int(), Content: z.string(), CreatedBy: z.string(), CreatedOn: z.string(), CompanyGroupId: z.number().int(), IsOwn: z.boolean() });
const pendingInvitationAnswer = z.object({ Id: z.string(), Email: z.string(), Access: access, InvitedBy: z.string(), SentOn: z.string(), ExpiresOn: z.string(), IsExpired: z.boolean() });
const myInvitationAnswer = z.object({ Id: z.string(), GroupId: z.number().int(), GroupName: z.string(), Access: access, InvitedBy: z.string(), SentOn: z.string(), ExpiresOn: z.string() });

export const groupsContract = endpoints({
  'GET /api/Group/getGroupsForCompany': {
    developer: 'read',
    access: 'user',
    summary: 'Grupurile utilizatorului și dacă firma face parte din fiecare',
    query: cuiQuerySchema,
    answer: groupsForCompanyAnswer,
  },
  'PUT /api/Group/updateOrAddCompanyToGroup': {
    developer: 'write',
    access: 'user',
    summary: 'Adaugă o firmă într-un grup sau îi schimbă grupul',
    body: companyToGroupSchema,
    answer: messageAnswer,
  },
  'DELETE /api/Group/deleteCompanyFromItsGroup': {
    developer: 'write',
    access: 'user',
    summary: 'Scoate o firmă din grupul ei',
    query: cuiQuerySchema,
    answer: messageAnswer,
  },
  'GET /api/Group/getGroups': {
    developer: 'read',
    access: 'user',
    summary: 'Grupurile de firme ale utilizatorului (paginat)',
    query: groupListQuerySchema,
    answer: groupsAnswer,
  },
  'GET /api/Group/getGroupsForEdit': {
    access: 'user',
    summary: 'Grupurile în care utilizatorul poate adăuga firme',
    query: groupsForEditQuerySchema,
    answer: z.array(groupForEditAnswer),
  },
  'GET /api/Group/get': {
    developer: 'read',
    access: 'user',
    summary: 'Un grup de firme',
    query: idQuerySchema,
    answer: groupAnswer,
  },
  'POST /api/Group/add': {
    developer: 'write',
    access: 'user',
    summary: 'Creează un grup de firme',
    query: addGroupSchema,
    answer: idNameAnswer,
  },
  'PUT /api/Group/updateRange': {
    access: 'user',
    summary: 'Modifică mai multe grupuri',
    body: updateGroupsSchema,
    answer: updatedAnswer,
  },
  'PUT /api/Group/update': {
    access: 'user',
    summary: 'Modifică un grup',
    body: updateGroupSchema,
    answer: idNameAnswer,
  },
  'DELETE /api/Group/[id]': {
    access: 'user',
    summary: 'Șterge un grup (se poate restaura 30 de zile)',
    params: idQuerySchema,
    answer: messageAnswer,
  },
  'GET /api/Group/getGroupMembers': {
    access: 'user',
    summary: 'Membrii unui grup',
    query: groupIdQuerySchema,
    answer: z.array(groupMemberAnswer),
  },
  'GET /api/Group/getPermisions': {
    access: 'user',
    summary: 'Drepturile utilizatorului într-un grup',
    answer: z.array(permissionAnswer),
  },
  'POST /api/Group/invite': {
    access: 'user',
    summary: 'Invită un utilizator într-un grup',
    query: inviteSchema,
    answer: messageAnswer,
  },
  'PUT /api/Group/editGroupMember': {
    access: 'user',
    summary: 'Schimbă drepturile unui membru',
    query: editGroupMemberSchema,
    answer: messageAnswer,
  },
  'PUT /api/Group/virtualDeleteGroupMember/[id]': {
    access: 'user',
    summary: 'Scoate un membru din grup',
    params: idQuerySchema,
    answer: messageAnswer,
  },
  'POST /api/Group/acceptInvite': {
    access: 'user',
    summary: 'Acceptă o invitație într-un grup',
    query: inviteIdSchema,
    answer: z.object({ GroupId: z.number(), GroupName: z.string() }),
  },
  'POST /api/Group/rejectInvite': {
    access: 'user',
    summary: 'Refuză o invitație într-un grup',
    query: inviteIdSchema,
    answer: z.object({ GroupId: z.number() }),
  },
  'GET /api/Group/getCompanyGroups': {
    developer: 'read',
    access: 'user',
    summary: 'Firmele unui grup (paginat)',
    query: companyGroupsQuerySchema,
    answer: companyGroupsAnswer,
  },
  'PUT /api/Group/updateCompanyGroup': {
    access: 'user',
    summary: 'Modifică firma dintr-un grup (stare, note)',
    body: moveCompanyGroupSchema,
    answer: messageAnswer,
  },
  'DELETE /api/Group/deleteCompanyFromGroup': {
    developer: 'write',
    access: 'user',
    summary: 'Scoate firme dintr-un grup',
    query: companyGroupIdQuerySchema,
    answer: messageAnswer,
  },
  'POST /api/Group/addComapaniesToGroup': {
    developer: 'write',
    access: 'user',
    summary: 'Adaugă firme într-un grup',
    query: groupIdQuerySchema,
    body: addCompaniesBodySchema,
    answer: z.object({ Added: z.number() }),
  },
  'GET /api/CompanyComment/getCommentsByCompanyGroupId': {
    access: 'user',
    summary: 'Comentariile unei firme dintr-un grup',
    query: companyGroupIdQuerySchema,
    answer: z.array(commentAnswer),
  },
  'POST /api/CompanyComment/add': {
    access: 'user',
    summary: 'Adaugă un comentariu',
    body: addCommentSchema,
    answer: commentAnswer,
  },
  'PUT /api/CompanyComment/update': {
    access: 'user',
    summary: 'Modifică un comentariu',
    body: updateCommentSchema,
    answer: commentAnswer,
  },
  'DELETE /api/CompanyComment/[id]': {
    access: 'user',
    summary: 'Șterge un comentariu',
    params: idQuerySchema,
    answer: messageAnswer,
  },
  // Shared groups people can manage (docs/decisions/041, 042): pending invitations of a group
  // (owner and editors), the caller's own invitations, leaving a group, and restoring a deleted
  // group or template within 30 days (its owner only).
  'GET /api/Group/getGroupInvitations': {
    access: 'user',
    summary: 'Invitațiile în așteptare ale unui grup',
    query: groupInvitationsQuerySchema,
    answer: paged(pendingInvitationAnswer),
  },
  'PUT /api/Group/revokeInvite': {
    access: 'user',
    summary: 'Retrage o invitație',
    query: inviteIdSchema,
    answer: messageAnswer,
  },
  'POST /api/Group/resendInvite': {
    access: 'user',
    summary: 'Retrimite o invitație',
    query: inviteIdSchema,
    answer: messageAnswer,
  },
  'GET /api/Group/getMyInvitations': {
    access: 'user',
    summary: 'Invitațiile primite de utilizator',
    query: myInvitationsQuerySchema,
    answer: paged(myInvitationAnswer),
  },
  'PUT /api/Group/leaveGroup': {
    access: 'user',
    summary: 'Părăsește un grup',
    query: groupIdQuerySchema,
    answer: messageAnswer,
  },
  'GET /api/Group/getDeletedGroups': {
    access: 'user',
    summary: 'Grupurile șterse în ultimele 30 de zile',
    query: deletedListQuerySchema,
    answer: paged(deletedItemAnswer),
  },
  'PUT /api/Group/restoreGroup': {
    access: 'user',
    summary: 'Restaurează un grup șters',
    query: idQuerySchema,
    answer: idNameAnswer,
  },
  'POST /api/Group/addSearchToGroup': {
    access: 'user',
    summary: 'Adaugă toate firmele unei căutări într-un grup',
    query: addSearchQuerySchema,
    answer: z.object({ Added: z.number(), AlreadyInGroup: z.number(), Total: z.number(), Capped: z.boolean() }),
  },
  'POST /api/Group/matchCuiList': {
    access: 'user',
    summary: 'Verifică o listă de CUI-uri înainte de adăugare',
    query: groupIdQuerySchema,
    body: matchCuiListBodySchema,
    answer: z.object({
      Found: z.array(z.object({ Cui: z.number().int(), Name: z.string(), InGroup: z.boolean() })),
      NotFound: z.array(z.number().int()),
      Invalid: z.array(z.object({ Line: z.number().int(), Text: z.string() })),
      Duplicates: z.number(),
      Truncated: z.boolean(),
    }),
  },
  'POST /api/Group/addCuiList': {
    access: 'user',
    summary: 'Adaugă o listă de CUI-uri într-un grup',
    query: groupIdQuerySchema,
    body: addCuiListBodySchema,
    answer: z.object({ Added: z.number(), AlreadyInGroup: z.number(), Total: z.number(), Capped: z.boolean() }),
  },
});
