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
