// The contract of the admin endpoints (administrare și confidențialitate): access, input schemas, answer and summary.
import { endpoints } from './types';
import { unknownAnswer } from './answers';
import { auditQuerySchema } from '@/lib/privacy/audit';
import { confirmTakedownSchema, decideTakedownSchema, takedownQueueQuerySchema, takedownSchema } from '@/lib/privacy/takedown';
import { updateUserAccessSchema, updateUserRoleSchema, updateUserSchema, userFilterSchema, userIdParamsSchema, userIdQuerySchema } from '@/lib/users/schemas';

export const adminContract = endpoints({
  'GET /api/User/getUsers': {
    access: 'admin',
    summary: 'Utilizatorii (administrator, paginat)',
    query: userFilterSchema,
    answer: unknownAnswer,
  },
  'GET /api/User/getUser': {
    access: 'admin',
    summary: 'Un utilizator (administrator)',
    query: userIdQuerySchema,
    answer: unknownAnswer,
  },
  'PUT /api/User/updateUser': {
    access: 'admin',
    summary: 'Modifică un utilizator (administrator)',
    body: updateUserSchema,
    answer: unknownAnswer,
  },
  'PUT /api/User/updateUserAccess': {
    access: 'admin',
    summary: 'Blochează sau deblochează un utilizator (administrator)',
    body: updateUserAccessSchema,
    answer: unknownAnswer,
  },
  'DELETE /api/User/[id]': {
    access: 'admin',
    summary: 'Șterge un utilizator (administrator)',
    params: userIdParamsSchema,
    answer: unknownAnswer,
  },
  'GET /api/Role/getRoles': {
    access: 'admin',
    summary: 'Rolurile (administrator)',
    answer: unknownAnswer,
  },
  'PUT /api/Role/updateUserRole': {
    access: 'admin',
    summary: 'Schimbă rolul unui utilizator (administrator)',
    body: updateUserRoleSchema,
    answer: unknownAnswer,
  },
  'GET /api/Audit/getEntries': {
    access: 'admin',
    summary: 'Jurnalul de audit (administrator)',
    query: auditQuerySchema,
    answer: unknownAnswer,
  },
  // Anyone may ask to hide a person's data; the mailed link (its token in the body) confirms it.
  'POST /api/Privacy/requestTakedown': {
    access: 'public',
    summary: 'Cere ascunderea datelor unei persoane',
    body: takedownSchema,
    answer: unknownAnswer,
  },
  'POST /api/Privacy/confirmTakedown': {
    access: 'public',
    summary: 'Confirmă cererea de ascundere (linkul din e-mail)',
    body: confirmTakedownSchema,
    answer: unknownAnswer,
  },
  'GET /api/Privacy/getTakedownRequests': {
    access: 'admin',
    summary: 'Cererile de ascundere (administrator)',
    query: takedownQueueQuerySchema,
    answer: unknownAnswer,
  },
  'POST /api/Privacy/decideTakedown': {
    access: 'admin',
    summary: 'Aprobă sau respinge o cerere de ascundere (administrator)',
    body: decideTakedownSchema,
    answer: unknownAnswer,
  },
});
