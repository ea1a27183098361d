// Takedown of a person's data on the public pages (docs/decisions/059): the request form (shared
// by the form on the company page, /date-personale and the server), the Admin queue's query and
// answers, and the texts.
import { z } from 'zod';
import { MESSAGES, optionalEmail, optionalString, requiredEmail, requiredString, textWithRules } from '../shared/schemas';
import { CONTACT_MESSAGES, isValidRomanianPhone } from '../contacts/schemas';
import { claimSchema } from '../claims/schemas';

export const TAKEDOWN_REASON_MAX = 1000;
const TAKEDOWN_CONFIRM_MESSAGE = 'Confirmați că sunteți persoana vizată sau că o reprezentați.';

export const takedownSchema = z.object({
  CompanyCUI: claimSchema.shape.CompanyCUI,
  PersonName: requiredString({ max: 200 }),
  PersonEmail: optionalEmail({ max: 254 }),
  PersonPhone: textWithRules([[(v) => v === '' || isValidRomanianPhone(v), CONTACT_MESSAGES.phoneInvalid]])
    .nullish()
    .transform((v) => v ?? ''),
  RequesterEmail: requiredEmail({ max: 254 }),
  Reason: optionalString({ max: TAKEDOWN_REASON_MAX }),
  Confirm: z.boolean({ error: TAKEDOWN_CONFIRM_MESSAGE }).refine((v) => v, { error: TAKEDOWN_CONFIRM_MESSAGE }),
});
export type TakedownInput = z.input<typeof takedownSchema>;
export type Takedown = z.output<typeof takedownSchema>;

export const confirmTakedownSchema = z.object({ Token: z.string().trim().min(20, { error: 'Link invalid.' }).max(200, { error: 'Link invalid.' }) });

export const TAKEDOWN_STATUSES = ['Unconfirmed', 'Pending', 'Accepted', 'Rejected'] as const;
export type TakedownStatus = (typeof TAKEDOWN_STATUSES)[number];
export const TAKEDOWN_STATUS_TEXT: Record<TakedownStatus, string> = {
  Unconfirmed: 'Neconfirmată',
  Pending: 'În așteptare',
  Accepted: 'Acceptată',
  Rejected: 'Respinsă',
};

export const TAKEDOWNS_PAGE_SIZE = 10;
export const takedownQueueQuerySchema = z.object({
  status: z.preprocess((v) => (v == null || v === '' ? 'Pending' : v), z.enum(TAKEDOWN_STATUSES, { error: 'Status invalid.' })),
  pageNumber: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(TAKEDOWNS_PAGE_SIZE),
});
export type TakedownQueueQuery = z.output<typeof takedownQueueQuerySchema>;

export const decideTakedownSchema = z.object({
  Id: z.number({ error: 'Id invalid.' }).int().min(1).max(2_147_483_647),
  Accept: z.boolean({ error: MESSAGES.required }),
});

export const TAKEDOWN_TEXTS = {
  sent: 'Cererea a fost înregistrată. V-am trimis un e-mail: deschideți linkul din el pentru a o confirma.',
  tooMany: (minutes: number) => `Prea multe cereri. Încercați din nou peste ${minutes} minute.`,
  confirmed: 'Cererea a fost confirmată. Un administrator o va analiza în cel mult 30 de zile și veți primi decizia prin e-mail.',
  badLink: 'Linkul nu este valid sau a expirat. Trimiteți din nou cererea.',
  decided: 'Decizia a fost salvată.',
  notPending: 'Cererea nu mai este în așteptare.',
} as const;
