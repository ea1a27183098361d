// The contract of the admin endpoints (administrare și confidențialitate): access, input schemas, answer and summary.
import { endpoints } from './types';
import { z } from 'zod';
import { messageAnswer, noContentAnswer, paged, userAnswer } from './answers';
import { AUDIT_ACTION_KEYS, auditQuerySchema } from '@/lib/privacy/audit';
import { TAKEDOWN_STATUSES, confirmTakedownSchema, decideTakedownSchema, takedownQueueQuerySchema, takedownSchema } from '@/lib/privacy/takedown';
import { updateUserAccessSchema, updateUserRoleSchema, updateUserSchema, userFilterSchema, userIdParamsSchema, userIdQuerySchema } from '@/lib/users/schemas';

// ── answers (lib/users/types.ts and lib/privacy derive their types from them) ──
/** A row of the users list: userAnswer without the user name. */
const userListItemAnswer = userAnswer.omit({ UserName: true });
const roleAnswer = z.object({ Id: z.number().int(), Name: z.string() });
/** Before / After: the changed record's own JSON, as it was and as it became (any shape). */
const auditEntryAnswer = z.object({
  Id: z.string(),
  CreatedAt: z.string(),
  ActorId: z.number().int().nullable(),
  ActorName: z.string().nullable(),
  Action: z.enum(AUDIT_ACTION_KEYS),
  TargetType: z.string(),
  TargetId: z.string().nullable(),
  Before: z.unknown(),
  After: z.unknown(),
});
const takedownAnswer = z.object({
  Id: z.number().int(),
  CompanyCUI: z.number().int(),
  CompanyName: z.string().nullable(),
  PersonName: z.string(),
  PersonEmail: z.string().nullable(),
  PersonPhone: z.string().nullable(),
  RequesterEmail: z.string(),
  Reason: z.string().nullable(),
  Status: z.enum(TAKEDOWN_STATUSES),
  CreatedDate: z.string(),
  DecidedDate: z.string().nullable(),
  /**
   * Ours: the rows of the request's company that the request matches (by name, e-mail or phone):
   * what accepting hides, listed for the Admin before the decision. Only that company's rows: a
   * takedown never reaches another company (docs/decisions/085).
   */
  MatchedRows: z.array(
    z.object({
      Table: z.enum(['Contact', 'Representative']),
      Id: z.number().int(),
      Name: z.string().nullable(),
      Role: z.string().nullable(),
      Email: z.string().nullable(),
      Phone: z.string().nullable(),
      IsHidden: z.boolean(),
    }),
  ),
});

export const adminContract = endpoints({
  'GET /api/User/getUsers': {
    access: 'admin',
    summary: 'Utilizatorii (administrator, paginat)',
    query: userFilterSchema,
    answer: paged(userListItemAnswer),
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
    answer: z.array(roleAnswer),
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
    answer: paged(auditEntryAnswer),
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
    answer: paged(takedownAnswer),
  },
  'POST /api/Privacy/decideTakedown': {
    access: 'admin',
    summary: 'Aprobă sau respinge o cerere de ascundere (administrator)',
    body: decideTakedownSchema,
    answer: takedownAnswer,
  },
});
