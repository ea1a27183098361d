// The Admin audit trail (docs/decisions/060): the actions it records, their Romanian labels, the
// list's query (shared by the Admin page's filters and the server) and the row it answers.
import { z } from 'zod';
import { queryNumber, queryText } from '../shared/schemas';

export const AUDIT_ACTIONS = {
  'user.update': 'Date utilizator modificate',
  'user.block': 'Utilizator blocat',
  'user.unblock': 'Utilizator deblocat',
  'user.role': 'Rol schimbat',
  'user.delete': 'Utilizator șters',
  'claim.decision': 'Decizie pretindere',
  'takedown.decision': 'Decizie ștergere date personale',
  'contact.privacy': 'Confidențialitate contact',
  'contact.save': 'Contact modificat',
  'contact.delete': 'Contact șters',
  // issue 29 (decision 072): an Admin's changes to API keys
  'apikey.revoke': 'Cheie API revocată',
  'apikey.limits': 'Limitele cheii API modificate',
  'apikey.origins': 'Originile cheii API modificate',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_KEYS = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

export const AUDIT_PAGE_SIZE = 20;

const isoDate = z.preprocess(
  (v) => (v == null || v === '' ? undefined : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data trebuie să fie de forma AAAA-LL-ZZ.' })
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { error: 'Data nu este validă.' })
    .optional(),
);

/** GET /api/Audit/getEntries: every filter optional; dates are whole days (UTC), both included. */
export const auditQuerySchema = z.object({
  action: z.preprocess((v) => (v == null || v === '' ? undefined : v), z.enum(AUDIT_ACTION_KEYS, { error: 'Acțiune necunoscută.' }).optional()),
  actorId: queryNumber({ int: true, min: 1, max: 2_147_483_647 }),
  targetType: queryText({ max: 30 }),
  targetId: queryText({ max: 40 }),
  from: isoDate,
  to: isoDate,
  pageNumber: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
