import { z } from 'zod';
import { MESSAGES, optionalString, requiredEmail, requiredString, textWithRules } from './common';
import { CONTACT_MESSAGES, compactPhone, isValidRomanianPhone } from './contact';

// The spec does not show the claim error texts (001 §5); these follow the shared wording.
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
        z.string({ error: CLAIM_MESSAGES.cuiInvalid }).trim().regex(/^\d{1,10}$/, { error: CLAIM_MESSAGES.cuiInvalid }),
      ],
      { error: CLAIM_MESSAGES.cuiInvalid },
    )
    .transform(Number)
    .pipe(z.number().int().min(1, { error: CLAIM_MESSAGES.cuiInvalid }).max(9_999_999_999, { error: CLAIM_MESSAGES.cuiInvalid })),
});
export type ClaimInput = z.input<typeof claimSchema>;
export type Claim = z.output<typeof claimSchema>;
