import { z } from 'zod';
import { MESSAGES, optionalEmail, optionalString, textWithRules } from './common';

// Contact texts of 001 §5, word for word.
export const CONTACT_MESSAGES = {
  phoneInvalid: 'Numărul de telefon nu este valid.',
  atLeastOneField: 'Este necesar cel puțin un câmp completat.',
  onlyRole: 'Nu se poate adăuga doar câmpul Rol.',
} as const;

export const CONTACT_FIELD_MAX = 50;
export const SOCIAL_URL_MAX = 200;

/**
 * Romanian phone number (001 §5): optional +40 or 0040, then 0 or (0), then 2, 3 or 7,
 * then 7 or 8 digits; spaces and dashes are allowed anywhere and ignored.
 * Deviation: after +40 / 0040 the trunk 0 is optional, so the usual international form
 * '+40 721 234 567' is accepted; without a prefix the 0 is required.
 */
export const RO_PHONE_REGEX = /^(?:(?:\+|00)40(?:0|\(0\))?|0|\(0\))[237]\d{7,8}$/;

export function compactPhone(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function isValidRomanianPhone(value: string | null | undefined): boolean {
  return value != null && RO_PHONE_REGEX.test(compactPhone(String(value).trim()));
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * One row of the edit-contacts modal (Id 0 = new row). Row-level rules are reported on a
 * field so react-hook-form can show them inside the row: "at least one field" on Name,
 * "not only Role" on Role.
 */
export const contactSchema = z
  .object({
    Id: z.number().int().min(0).optional(),
    CompanyId: z.number().int().optional(),
    Name: optionalString({ max: CONTACT_FIELD_MAX }),
    Role: optionalString({ max: CONTACT_FIELD_MAX }),
    Email: optionalEmail({ max: CONTACT_FIELD_MAX }),
    Phone: textWithRules([
      [(v) => v.length <= CONTACT_FIELD_MAX, MESSAGES.maxLength(CONTACT_FIELD_MAX)],
      [(v) => v === '' || isValidRomanianPhone(v), CONTACT_MESSAGES.phoneInvalid],
    ])
      .nullish()
      .transform((v) => v ?? ''),
    Private: z.boolean().optional(),
  })
  .superRefine((row, ctx) => {
    const name = text(row.Name);
    const role = text(row.Role);
    const phone = text(row.Phone);
    const email = text(row.Email);
    if (!name && !role && !phone && !email) {
      ctx.addIssue({ code: 'custom', message: CONTACT_MESSAGES.atLeastOneField, path: ['Name'] });
    } else if (role && !name && !phone && !email) {
      ctx.addIssue({ code: 'custom', message: CONTACT_MESSAGES.onlyRole, path: ['Role'] });
    }
  }, { when: () => true });
export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;

/** Body of POST /api/Contact/addOrUpdateUnverifiedContacts and /api/Contact/addOrUpdate/. */
export const contactListSchema = z.array(contactSchema);

/** Fixed platforms, in edit order (001 §3). */
export const SOCIAL_PLATFORMS = ['Website', 'Instagram', 'Facebook', 'Twitter', 'LinkedIn', 'Youtube'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export const socialMediaEntrySchema = z.object({
  Id: z.number().int().min(0).optional(),
  Platform: z.enum(SOCIAL_PLATFORMS),
  Url: optionalString({ max: SOCIAL_URL_MAX }),
});
export type SocialMediaEntryInput = z.input<typeof socialMediaEntrySchema>;
export type SocialMediaEntry = z.output<typeof socialMediaEntrySchema>;

/** Body of POST /api/SocialMedia/addOrUpdate/. */
export const socialMediaListSchema = z.array(socialMediaEntrySchema);

/** "Only entries with a URL are sent" (001 §5). */
export function socialMediaToSend<T extends { Url?: string | null }>(entries: T[]): T[] {
  return entries.filter((entry) => (entry.Url ?? '').trim() !== '');
}

/** The six edit rows, in order, filled from what the company has (missing platforms get an empty Url). */
export function socialMediaEditRows(
  existing: ReadonlyArray<{ Id?: number; Platform: string; Url?: string | null }>,
): SocialMediaEntry[] {
  return SOCIAL_PLATFORMS.map((platform) => {
    const found = existing.find((e) => e.Platform.toLowerCase() === platform.toLowerCase());
    return { Id: found?.Id ?? 0, Platform: platform, Url: found?.Url ?? '' };
  });
}
