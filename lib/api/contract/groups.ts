// The contract of the groups endpoints (grupuri de firme și comentarii): access, input schemas, answer and summary.
import { endpoints } from './types';
import { z } from 'zod';
import { companyGroupsAnswer, groupAnswer, groupsAnswer, groupsForCompanyAnswer } from './answers';
import { addCommentSchema, addCompaniesBodySchema, addGroupSchema, companyGroupIdQuerySchema, companyGroupsQuerySchema, companyToGroupSchema, cuiQuerySchema, editGroupMemberSchema, groupIdQuerySchema, groupInvitationsQuerySchema, groupListQuerySchema, groupsForEditQuerySchema, idQuerySchema, inviteIdSchema, inviteSchema, moveCompanyGroupSchema, myInvitationsQuerySchema, updateCommentSchema, updateGroupSchema, updateGroupsSchema } from '@/lib/groups/schemas';
import { addCuiListBodySchema, addSearchQuerySchema, matchCuiListBodySchema } from '@/lib/prospecting/schemas';
import { deletedListQuerySchema } from '@/lib/shared/restore';

export const groupsContract = endpoints({
  'GET /api/Group/getGroupsForCompany': {
    access: 'user',
    developer: true,
    summary: 'Grupurile utilizatorului și dacă firma face parte din fiecare',
    query: cuiQuerySchema,
    answer: groupsForCompanyAnswer,
  },
  'PUT /api/Group/updateOrAddCompanyToGroup': {
    access: 'user',
    summary: 'Adaugă o firmă într-un grup sau îi schimbă grupul',
    body: companyToGroupSchema,
    answer: z.object({ Message: z.string() }),
  },
  'DELETE /api/Group/deleteCompanyFromItsGroup': {
    access: 'user',
    summary: 'Scoate o firmă din grupul ei',
    query: cuiQuerySchema,
    answer: z.object({ Message: z.string() }),
  },
  'GET /api/Group/getGroups': {
    access: 'user',
    developer: true,
    summary: 'Grupurile de firme ale utilizatorului (paginat)',
    query: groupListQuerySchema,
    answer: groupsAnswer,
  },
  'GET /api/Group/getGroupsForEdit': {
    access: 'user',
    summary: 'Grupurile în care utilizatorul poate adăuga firme',
    query: groupsForEditQuerySchema,
    answer: z.array(z.looseObject({})),
  },
  'GET /api/Group/get': {
    access: 'user',
    developer: true,
    summary: 'Un grup de firme',
    query: idQuerySchema,
    answer: groupAnswer,
  },
  'POST /api/Group/add': {
    access: 'user',
    summary: 'Creează un grup de firme',
    query: addGroupSchema,
    answer: z.object({ Id: z.number(), Name: z.string() }),
  },
  'PUT /api/Group/updateRange': {
    access: 'user',
    summary: 'Modifică mai multe grupuri',
    body: updateGroupsSchema,
    answer: z.object({ Updated: z.number() }),
  },
  'PUT /api/Group/update': {
    access: 'user',
    summary: 'Modifică un grup',
    body: updateGroupSchema,
    answer: z.object({ Id: z.number(), Name: z.string() }),
  },
  'DELETE /api/Group/[id]': {
    access: 'user',
    summary: 'Șterge un grup (se poate restaura 30 de zile)',
    params: idQuerySchema,
    answer: z.object({ Message: z.string() }),
  },
  'GET /api/Group/getGroupMembers': {
    access: 'user',
    summary: 'Membrii unui grup',
    query: groupIdQuerySchema,
    answer: z.array(z.looseObject({})),
  },
  'GET /api/Group/getPermisions': {
    access: 'user',
    summary: 'Drepturile utilizatorului într-un grup',
    answer: z.array(z.looseObject({})),
  },
  'POST /api/Group/invite': {
    access: 'user',
    summary: 'Invită un utilizator într-un grup',
    query: inviteSchema,
    answer: z.object({ Message: z.string() }),
  },
  'PUT /api/Group/editGroupMember': {
    access: 'user',
    summary: 'Schimbă drepturile unui membru',
    query: editGroupMemberSchema,
    answer: z.object({ Message: z.string() }),
  },
  'PUT /api/Group/virtualDeleteGroupMember/[id]': {
    access: 'user',
    summary: 'Scoate un membru din grup',
    params: idQuerySchema,
    answer: z.object({ Message: z.string() }),
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
    access: 'user',
    developer: true,
    summary: 'Firmele unui grup (paginat)',
    query: companyGroupsQuerySchema,
    answer: companyGroupsAnswer,
  },
  'PUT /api/Group/updateCompanyGroup': {
    access: 'user',
    summary: 'Modifică firma dintr-un grup (stare, note)',
    body: moveCompanyGroupSchema,
    answer: z.object({ Message: z.string() }),
  },
  'DELETE /api/Group/deleteCompanyFromGroup': {
    access: 'user',
    summary: 'Scoate firme dintr-un grup',
    query: companyGroupIdQuerySchema,
    answer: z.object({ Message: z.string() }),
  },
  'POST /api/Group/addComapaniesToGroup': {
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
    answer: z.array(z.looseObject({})),
  },
  'POST /api/CompanyComment/add': {
    access: 'user',
    summary: 'Adaugă un comentariu',
    body: addCommentSchema,
    answer: z.object({ Id: z.number(), Content: z.string(), CreatedBy: z.string(), CreatedOn: z.string(), CompanyGroupId: z.number(), IsOwn: z.boolean() }),
  },
  'PUT /api/CompanyComment/update': {
    access: 'user',
    summary: 'Modifică un comentariu',
    body: updateCommentSchema,
    answer: z.object({ Id: z.number(), Content: z.string(), CreatedBy: z.string(), CreatedOn: z.string(), CompanyGroupId: z.number(), IsOwn: z.boolean() }),
  },
  'DELETE /api/CompanyComment/[id]': {
    access: 'user',
    summary: 'Șterge un comentariu',
    params: idQuerySchema,
    answer: z.object({ Message: z.string() }),
  },
  // Shared groups people can manage (docs/decisions/041, 042): pending invitations of a group
  // (owner and editors), the caller's own invitations, leaving a group, and restoring a deleted
  // group or template within 30 days (its owner only).
  'GET /api/Group/getGroupInvitations': {
    access: 'user',
    summary: 'Invitațiile în așteptare ale unui grup',
    query: groupInvitationsQuerySchema,
    answer: z.object({ Items: z.array(z.unknown()), Count: z.number(), NumberOfPages: z.number() }),
  },
  'PUT /api/Group/revokeInvite': {
    access: 'user',
    summary: 'Retrage o invitație',
    query: inviteIdSchema,
    answer: z.object({ Message: z.string() }),
  },
  'POST /api/Group/resendInvite': {
    access: 'user',
    summary: 'Retrimite o invitație',
    query: inviteIdSchema,
    answer: z.object({ Message: z.string() }),
  },
  'GET /api/Group/getMyInvitations': {
    access: 'user',
    summary: 'Invitațiile primite de utilizator',
    query: myInvitationsQuerySchema,
    answer: z.object({ Items: z.array(z.unknown()), Count: z.number(), NumberOfPages: z.number() }),
  },
  'PUT /api/Group/leaveGroup': {
    access: 'user',
    summary: 'Părăsește un grup',
    query: groupIdQuerySchema,
    answer: z.object({ Message: z.string() }),
  },
  'GET /api/Group/getDeletedGroups': {
    access: 'user',
    summary: 'Grupurile șterse în ultimele 30 de zile',
    query: deletedListQuerySchema,
    answer: z.object({ Items: z.array(z.unknown()), Count: z.number(), NumberOfPages: z.number() }),
  },
  'PUT /api/Group/restoreGroup': {
    access: 'user',
    summary: 'Restaurează un grup șters',
    query: idQuerySchema,
    answer: z.object({ Id: z.number(), Name: z.string() }),
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
    answer: z.object({ Found: z.array(z.unknown()), NotFound: z.array(z.unknown()), Invalid: z.array(z.unknown()), Duplicates: z.number(), Truncated: z.boolean() }),
  },
  'POST /api/Group/addCuiList': {
    access: 'user',
    summary: 'Adaugă o listă de CUI-uri într-un grup',
    query: groupIdQuerySchema,
    body: addCuiListBodySchema,
    answer: z.object({ Added: z.number(), AlreadyInGroup: z.number(), Total: z.number(), Capped: z.boolean() }),
  },
});
