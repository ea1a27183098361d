import { z } from 'zod';
import { MESSAGES, optionalString, requiredEmail, requiredString, textWithRules } from '../shared/schemas';
import { CONTACT_MESSAGES, compactPhone, isValidRomanianPhone } from '../contacts/schemas';
import { FAILED_TEXT } from '@/lib/text';
import { isCuiText } from '../cui';

// The spec does not show the claim error texts; these follow the shared wording.
export const CLAIM_MESSAGES = {
  phoneInvalid: CONTACT_MESSAGES.phoneInvalid,
  phoneDigits: 'Numărul de telefon trebuie să conțină 10 cifre.',
  cuiInvalid: 'CUI-ul companiei nu este valid.',
} as const;

export const CLAIM_DESCRIPTION_MAX = 1000;

/**
 * POST /api/Company/SendCompanyRequest (form fields Nume, Telefon, Email, Mesaj).
 * Phone: the Romanian phone check and a 10-digit pattern, i.e. a national number such as
 * '0721 234 567' (spaces/dashes ignored); '+40…' has 11 digits and is refused here.
 */
export const claimSchema = z.object({
  Name: requiredString({ max: 200 }),
  Phone: textWithRules([
    [(v) => v.length > 0, MESSAGES.required],
    [isValidRomanianPhone, CLAIM_MESSAGES.phoneInvalid],
    [(v) => /^\d{10}$/.test(compactPhone(v)), CLAIM_MESSAGES.phoneDigits],
  ]),
  Email: requiredEmail({ max: 254 }),
  Description: optionalString({ max: CLAIM_DESCRIPTION_MAX }),
  CompanyCUI: z
    .union(
      [
        z.number({ error: CLAIM_MESSAGES.cuiInvalid }),
        z.string({ error: CLAIM_MESSAGES.cuiInvalid }).trim().refine(isCuiText, { error: CLAIM_MESSAGES.cuiInvalid }),
      ],
      { error: CLAIM_MESSAGES.cuiInvalid },
    )
    .transform(Number)
    .pipe(z.number().int().min(1, { error: CLAIM_MESSAGES.cuiInvalid }).max(9_999_999_999, { error: CLAIM_MESSAGES.cuiInvalid })),
});
export type ClaimInput = z.input<typeof claimSchema>;
export type Claim = z.output<typeof claimSchema>;

/** The server's answer when the company already has an approved claim; the client shows CLAIM_TEXTS.alreadyClaimed. */
export const ALREADY_CLAIMED_MESSAGE = 'Company already claimed!';

export const CLAIM_TEXTS = {
  alreadyClaimed: 'Compania este deja pretinsă',
  sent: 'Cererea a fost trimisă cu succes!',
  failed: FAILED_TEXT,
  pendingExists: 'Aveți deja o cerere în așteptare pentru această companie.',
  tooMany: (minutes: number) => `Prea multe cereri de pretindere. Încercați din nou peste ${minutes} minute.`,
  statusChanged: 'Success',
} as const;

/** Claim requests page (admin): page size and sort keys. */
export const CLAIMS_PAGE_SIZE = 8;
const CLAIM_SORT_KEYS = ['name', 'createdDate', 'updatedDate'] as const;
export type ClaimSortKey = (typeof CLAIM_SORT_KEYS)[number];
export const DEFAULT_CLAIM_ORDER = 'name';

/** statusId: a single space (or nothing) = pending, 'true' = approved, 'false' = rejected. */
const claimStatusId = z
  .preprocess((v) => (v == null ? '' : v), z.string())
  .transform((v, ctx) => {
    const t = v.trim().toLowerCase();
    if (t === '') return null;
    if (t === 'true') return true;
    if (t === 'false') return false;
    ctx.addIssue({ code: 'custom', message: 'Status invalid.' });
    return z.NEVER;
  });

const orderKeys = [...CLAIM_SORT_KEYS, ...CLAIM_SORT_KEYS.map((k) => `${k}_desc`)] as const;

export const claimRequestsQuerySchema = z.object({
  statusId: claimStatusId,
  SearchText: z
    .preprocess((v) => (v == null ? '' : v), z.string().trim().max(200, { error: MESSAGES.maxLength(200) })),
  pageNumber: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(CLAIMS_PAGE_SIZE),
  orderBy: z.preprocess((v) => (v == null || v === '' ? DEFAULT_CLAIM_ORDER : v), z.enum(orderKeys, { error: 'Sortare invalidă.' })),
});
export type ClaimRequestsQuery = z.output<typeof claimRequestsQuerySchema>;

/** Query of POST /api/Company/UpdateRequestCompanyStatus: no way back to pending. */
export const updateClaimStatusQuerySchema = z.object({
  requestCompanyId: z.coerce.number({ error: 'Id invalid.' }).int().min(1).max(2_147_483_647),
  status: z.enum(['true', 'false'], { error: 'Status invalid.' }).transform((v) => v === 'true'),
});
