import { z } from 'zod';
import { dbIdOrNew, MAX_DB_ID, MESSAGES, optionalEmail, optionalString, queryBoolean, queryNumberWithDefault, textWithRules } from '../shared/schemas';
import { companiesQuerySchema } from '../search/schemas';
import { isWebUrl, WEB_URL_MESSAGE } from '../shared/safe-url';

// Contact texts, word for word.
export const CONTACT_MESSAGES = {
  phoneInvalid: 'Numărul de telefon nu este valid.',
  atLeastOneField: 'Este necesar cel puțin un câmp completat.',
  onlyRole: 'Nu se poate adăuga doar câmpul Rol.',
} as const;

export const CONTACT_FIELD_MAX = 50;
export const SOCIAL_URL_MAX = 200;

/**
 * Romanian phone number: optional +40 or 0040, then 0 or (0), then 2, 3 or 7,
 * then 7 or 8 digits; spaces and dashes are allowed anywhere and ignored.
 * Deviation: after +40 / 0040 the trunk 0 is optional, so the usual international form
 * '+40 721 234 567' is accepted; without a prefix the 0 is required.
 */
const RO_PHONE_REGEX = /^(?:(?:\+|00)40(?:0|\(0\))?|0|\(0\))[237]\d{7,8}$/;

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
    Id: dbIdOrNew().optional(),
    CompanyId: z.number().int().min(-MAX_DB_ID).max(MAX_DB_ID).optional(),
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
    // Runs even when the shape check failed (so every field error shows at once): the row may
    // then not be an object at all.
    if (!row || typeof row !== 'object') return;
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

/** Fixed platforms, in edit order. */
export const SOCIAL_PLATFORMS = ['Website', 'Instagram', 'Facebook', 'Twitter', 'LinkedIn', 'Youtube'] as const;
type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** Only web addresses (issue 23): a `javascript:` link would run in the visitors' pages. */
export const socialMediaEntrySchema = z.object({
  Id: dbIdOrNew().optional(),
  Platform: z.enum(SOCIAL_PLATFORMS),
  Url: textWithRules([
    [(v) => v.length <= SOCIAL_URL_MAX, MESSAGES.maxLength(SOCIAL_URL_MAX)],
    [(v) => v === '' || isWebUrl(v), WEB_URL_MESSAGE],
  ])
    .nullish()
    .transform((v) => v ?? ''),
});
export type SocialMediaEntry = z.output<typeof socialMediaEntrySchema>;

/** Body of POST /api/SocialMedia/addOrUpdate/. */
const socialMediaListSchema = z.array(socialMediaEntrySchema);

/** "Only entries with a URL are sent". */
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

// ───────────────────────────── request schemas of the endpoints ─────────────────────────────

const idValue = z.coerce.number({ error: 'Id invalid.' }).int({ error: 'Id invalid.' }).min(1, { error: 'Id invalid.' }).max(2_147_483_647, { error: 'Id invalid.' });

/** ?id= of DELETE /api/Contact/deleteUserContact. */
export const contactIdQuery = z.object({ id: idValue });
/** /{id} of DELETE /api/Contact/{id}. */
export const contactIdParams = z.object({ id: idValue });

/** Body of POST /api/Contact/add/: one contact, the company in CompanyId. */
export const addContactSchema = contactSchema.and(z.object({ CompanyId: z.coerce.number({ error: 'CUI invalid.' }).int().min(1).max(2_147_483_647) }));

/** Limit of rows saved at once (the modal sends the whole list). */
const CONTACT_LIST_MAX = 200;
export const contactListBodySchema = contactListSchema.max(CONTACT_LIST_MAX, { error: `Cel mult ${CONTACT_LIST_MAX} contacte o dată.` });
export const socialMediaListBodySchema = socialMediaListSchema.max(SOCIAL_PLATFORMS.length * 2);

/** Page size of the admin contacts page (the documents do not give one): a grid of 3 × 4 cards. */
export const COMPANY_CONTACTS_PAGE_SIZE = 12;

/** The texts of the edit-contacts modal and the admin contacts page (README, "Contacte și pretinderi"), word for word. */
export const CONTACT_TOASTS = {
  contactsSaved: 'Contactele au fost modificate cu succes!',
  contactAdded: 'Contactul a fost adăugat cu succes!',
  socialSaved: 'Datele din Social Media au fost modificate cu succes!',
  contactDeleted: 'Contactul a fost șters cu succes!',
  noChanges: 'Nu sunt modificări noi pentru actualizare!',
  deleteTitle: 'Avertisment',
  deleteText: 'Sigur doriți să ștergeți acest contact?',
  emptyList: 'Nu există contacte!',
  noContactsAdded: 'Nu există contacte adăugate.',
  noSocial: 'Nu există rețele de socializare adăugate.',
  noItems: 'Nu există elemente!',
} as const;

/**
 * Query of GET /api/Contact/getCompanyContacts: the search filter (same bounds as the search) and
 * the six social flags. A social flag set to true keeps companies with a link on that platform;
 * false keeps those without one.
 */
export const companyContactsQuerySchema = companiesQuerySchema.extend({
  PageSize: queryNumberWithDefault(COMPANY_CONTACTS_PAGE_SIZE, { int: true, min: 1, max: 60 }),
  HasFacebook: queryBoolean(),
  HasYouTube: queryBoolean(),
  HasInstagram: queryBoolean(),
  HasTwitter: queryBoolean(),
  HasLinkedin: queryBoolean(),
  HasWebsite: queryBoolean(),
});
export type CompanyContactsQuery = z.output<typeof companyContactsQuerySchema>;

/** Social flag of the filter → platform name stored in social_media. */
export const SOCIAL_FLAG_PLATFORM = {
  HasWebsite: 'Website',
  HasInstagram: 'Instagram',
  HasFacebook: 'Facebook',
  HasTwitter: 'Twitter',
  HasLinkedin: 'LinkedIn',
  HasYouTube: 'Youtube',
} as const satisfies Record<string, SocialPlatform>;

/** The edit-contacts form: the rows of the Contacte tab (the list the save endpoints parse). */
export const contactsFormSchema = z.object({ Contacts: contactListSchema });

/** The Social media tab: the six platform rows. */
export const socialMediaFormSchema = z.object({ Social: socialMediaListSchema });
export type SocialMediaFormInput = z.input<typeof socialMediaFormSchema>;

/** A new, empty row of the Contacte tab (Id 0 = not saved yet). */
export const emptyContactRow = (): ContactInput => ({ Id: 0, Name: '', Role: '', Email: '', Phone: '', Private: false });
