// Requests of the fiscal-check endpoints (issue 48): one schema for the form and the route.
import { z } from 'zod';
import { dbId, dbIdNumber } from '../shared/schemas';
import { formatNumber } from '@/lib/format';

/** Companies one bulk check may hold (100 calls of ANAF, under two minutes at one call a second). */
export const BULK_MAX_COMPANIES = 10_000;

const CUI_MESSAGE = 'CUI invalid.';
// company.cui is a 32-bit integer: a longer number cannot name a company here.
const cui = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().replace(/^ro\s*/i, '') : v),
  z.coerce.number({ error: CUI_MESSAGE }).int({ error: CUI_MESSAGE }).min(1, { error: CUI_MESSAGE }).max(2_147_483_647, { error: CUI_MESSAGE }),
);

/** POST /api/Fiscal/checkNow */
export const checkNowSchema = z.object({ Cui: cui });

/** GET /api/Fiscal/getFiscalCheck?cui= */
export const fiscalCheckQuerySchema = z.object({ cui });

// One list rule for the request and the page's form: at least one CUI, at most BULK_MAX_COMPANIES
// (the request's items are raw CUIs, the form's are CUIs its text was already read into).
const cuiListOf = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .min(1, { error: 'Lista de CUI-uri este goală.' })
    .max(BULK_MAX_COMPANIES, { error: `Cel mult ${formatNumber(BULK_MAX_COMPANIES)} de CUI-uri într-o verificare.` });
const cuiList = cuiListOf(cui);

/** POST /api/Fiscal/createBulkCheck: a list of CUIs or a group (exactly one). */
export const bulkCheckSchema = z
  .object({
    Cuis: cuiList.optional(),
    GroupId: dbId().optional(),
  })
  .refine((b) => (b.Cuis === undefined) !== (b.GroupId === undefined), { error: 'Alegeți fie o listă de CUI-uri, fie un grup.', path: ['Cuis'] });

/** The tokens of a pasted list: CUIs separated by spaces, new lines, commas or semicolons. */
// "RO 1590082" is one CUI: the prefix is joined to its number before the split.
const splitCuiText = (text: string) => text.replace(/\bRO\s+(?=\d)/gi, 'RO').split(/[\s,;]+/).filter(Boolean);

/** Whether a path is an advanced search's address (/Cautare-avansata/…), the only search the page takes. */
export function searchPathOf(address: string): string | null {
  let path = address.trim();
  try {
    path = new URL(path, 'http://x').pathname;
  } catch {
    return null;
  }
  return /^\/cautare-avansata(\/|$)/i.test(path) ? path : null;
}

/**
 * The bulk-check page's form (/Verificari-fiscale): a pasted list, one of the user's groups, or
 * the address of an advanced search. The list and the group pass the request's own rules (the
 * same `cui`, list and id schemas as bulkCheckSchema); a search's address becomes the query that
 * createBulkCheckFromSearch parses with the search's own schema.
 */
export const bulkCheckFormSchema = z.discriminatedUnion('Source', [
  z.object({
    Source: z.literal('list'),
    CuiText: z
      .string()
      .transform((text, ctx) => {
        const tokens = splitCuiText(text);
        const bad = tokens.filter((t) => !cui.safeParse(t).success);
        if (bad.length) {
          ctx.addIssue({ code: 'custom', message: `CUI-uri invalide: ${bad.slice(0, 5).join(', ')}${bad.length > 5 ? ` și încă ${formatNumber(bad.length - 5)}` : ''}.` });
          return z.NEVER;
        }
        return tokens.map((t) => cui.parse(t));
      })
      .pipe(cuiListOf(z.number())),
  }),
  // The select's empty value ('' → 0) is "no group chosen".
  z.object({ Source: z.literal('group'), GroupId: z.coerce.number().min(1, { error: 'Alegeți un grup.' }).pipe(dbIdNumber()) }),
  z.object({
    Source: z.literal('search'),
    SearchAddress: z
      .string()
      .trim()
      .min(1, { error: 'Lipiți adresa unei căutări avansate.' })
      .refine((a) => searchPathOf(a) !== null, { error: 'Adresa nu este a unei căutări avansate (…/Cautare-avansata/…).' }),
  }),
]);
export type BulkCheckFormInput = z.input<typeof bulkCheckFormSchema>;
export type BulkCheckFormOutput = z.output<typeof bulkCheckFormSchema>;

/** POST /api/Fiscal/lookUpCourtCases */
export const courtLookupSchema = z.object({ Cui: cui });

/** GET /api/Fiscal/getBulkCheck?id=, GET /api/Fiscal/getBulkCheckReport?id= */
export const bulkCheckIdSchema = z.object({ id: dbId() });

/**
 * The arrears-list upload (decision 115): the file's name (its extension says CSV or XLSX) and its
 * bytes in base64, like the CUI-list upload. 10 MB holds a small taxpayers' list of ~100,000 lines
 * several times over; the body is refused at the wrapper past the base64 of that (413).
 */
export const ARREARS_UPLOAD_MAX_MB = 10;
export const ARREARS_UPLOAD_MAX_BYTES = ARREARS_UPLOAD_MAX_MB * 1_000_000;
export const ARREARS_UPLOAD_MAX_BODY_BYTES = Math.ceil((ARREARS_UPLOAD_MAX_BYTES * 4) / 3) + 64_000;
export const ARREARS_TOO_BIG_MESSAGE = 'Fișierul este prea mare (cel mult 10 MB).';
export const ARREARS_CATEGORY_LABELS = { mari: 'contribuabili mari', mijlocii: 'contribuabili mijlocii', mici: 'contribuabili mici' } as const;
type ArrearsUploadCategory = keyof typeof ARREARS_CATEGORY_LABELS;
const ARREARS_UPLOAD_CATEGORIES = Object.keys(ARREARS_CATEGORY_LABELS) as [ArrearsUploadCategory, ...ArrearsUploadCategory[]];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Whether AAAA-LL-ZZ names a day: 2026-02-30 has the form of one but is none (Date would roll it into March). */
export const isCalendarDay = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};

// The form's empty select and date are "take it from the file name", as the script's missing flags.
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const arrearsFacts = {
  ListDate: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(ISO_DAY, { error: 'Data listei trebuie să fie AAAA-LL-ZZ.' })
      .refine((d) => !ISO_DAY.test(d) || isCalendarDay(d), { error: 'Data listei nu este o dată validă.' })
      .optional(),
  ),
  Category: z.preprocess(emptyToUndefined, z.enum(ARREARS_UPLOAD_CATEGORIES, { error: 'Categoria trebuie să fie mari, mijlocii sau mici.' }).optional()),
};

/** POST /api/Fiscal/importArrearsList (Admin): the list file, and its date and category when its name does not say them. */
export const arrearsUploadSchema = z.object({
  File: z.object({
    Name: z
      .string()
      .trim()
      .min(1, { error: 'Alegeți un fișier.' })
      .max(200)
      .regex(/\.(csv|xlsx)$/i, { error: 'Lista se încarcă ca fișier CSV sau XLSX.' }),
    Base64: z
      .string()
      .min(1, { error: 'Fișierul este gol.' })
      .max(Math.ceil((ARREARS_UPLOAD_MAX_BYTES * 4) / 3) + 4, { error: ARREARS_TOO_BIG_MESSAGE }),
  }),
  ...arrearsFacts,
});

/** The admin page's form: the date and category (the file is the input's own state). */
export const arrearsUploadFormSchema = z.object(arrearsFacts);
export type ArrearsUploadFormInput = z.input<typeof arrearsUploadFormSchema>;
export type ArrearsUploadFormOutput = z.output<typeof arrearsUploadFormSchema>;
