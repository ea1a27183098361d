// The contract of the admin endpoints (administrare și confidențialitate): access, input schemas, answer and summary.
import { endpoints } from './types';
import { z } from 'zod';
import { listAnswer, messageAnswer, noContentAnswer, pagedAnswer, userAnswer } from './answers';
import { auditQuerySchema } from '@/lib/privacy/audit';
import { confirmTakedownSchema, decideTakedownSchema, takedownQueueQuerySchema, takedownSchema } from '@/lib/privacy/takedown';
import { updateUserAccessSchema, updateUserRoleSchema, updateUserSchema, userFilterSchema, userIdParamsSchema, userIdQuerySchema } from '@/lib/users/schemas';

export const adminContract = endpoints({
  'GET /api/User/getUsers': {
    access: 'admin',
    summary: 'Utilizatorii (administrator, paginat)',
    query: userFilterSchema,
    answer: pagedAnswer,
  },
  'GET /api/User/getUser': {
    access: 'admin',
    summary: 'Un utilizator (administrator)',
    query: userIdQuerySchema,
    answer: userAnswer,
  },
  'PUT /api/User/updateUser': {
    access: 'admin',
    summary: 'Modifică un utilizator (administrator)',
    body: updateUserSchema,
    answer: userAnswer,
  },
  'PUT /api/User/updateUserAccess': {
    access: 'admin',
    summary: 'Blochează sau deblochează un utilizator (administrator)',
    body: updateUserAccessSchema,
    answer: userAnswer,
  },
  'DELETE /api/User/[id]': {
    access: 'admin',
    summary: 'Șterge un utilizator (administrator)',
    params: userIdParamsSchema,
    answer: noContentAnswer,
  },
  'GET /api/Role/getRoles': {
    access: 'admin',
    summary: 'Rolurile (administrator)',
    answer: listAnswer,
  },
  'PUT /api/Role/updateUserRole': {
    access: 'admin',
    summary: 'Schimbă rolul unui utilizator (administrator)',
    body: updateUserRoleSchema,
    answer: userAnswer,
  },
  'GET /api/Audit/getEntries': {
    access: 'admin',
    summary: 'Jurnalul de audit (administrator)',
    query: auditQuerySchema,
    answer: pagedAnswer,
  },
  // Anyone may ask to hide a person's data; the mailed link (its token in the body) confirms it.
  'POST /api/Privacy/requestTakedown': {
    access: 'public',
    summary: 'Cere ascunderea datelor unei persoane',
    body: takedownSchema,
    answer: z.object({ Id: z.number(), Message: z.string() }),
  },
  'POST /api/Privacy/confirmTakedown': {
    access: 'public',
    summary: 'Confirmă cererea de ascundere (linkul din e-mail)',
    body: confirmTakedownSchema,
    answer: messageAnswer,
  },
  'GET /api/Privacy/getTakedownRequests': {
    access: 'admin',
    summary: 'Cererile de ascundere (administrator)',
    query: takedownQueueQuerySchema,
    answer: pagedAnswer,
  },
  'POST /api/Privacy/decideTakedown': {
    access: 'admin',
    summary: 'Aprobă sau respinge o cerere de ascundere (administrator)',
    body: decideTakedownSchema,
    answer: z.object({ Id: z.number(), CompanyCUI: z.number(), CompanyName: z.string().nullable(), PersonName: z.string(), PersonEmail: z.string().nullable(), PersonPhone: z.string().nullable(), RequesterEmail: z.string(), Reason: z.string().nullable(), Status: z.enum(["Unconfirmed", "Pending", "Accepted", "Rejected"]), CreatedDate: z.string(), DecidedDate: z.string().nullable() }),
  },
});
