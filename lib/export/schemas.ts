// Requests of the export endpoints (issue 27; docs/decisions/055): the file format and what to
// export. A search export takes the search page's own filter query.
import { z } from 'zod';
import { companiesQuerySchema } from '../search/schemas';
import { dbId } from '../shared/schemas';

const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The file format of an export (xlsx by default). */
export const exportFormatSchema = () =>
  z
    .preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v), z.enum(EXPORT_FORMATS, { error: 'Formatul trebuie să fie xlsx sau csv.' }).optional())
    .transform((v) => v ?? 'xlsx');
const format = exportFormatSchema;

/**
 * Decision 109: `excludeInCrm=true` leaves out the companies the user's CRMs already hold ("deja
 * în CRM"); absent or false: every company, as before.
 */
const excludeInCrm = () =>
  z
    .enum(['true', 'false', '1', '0'], { error: 'excludeInCrm trebuie să fie true sau false.' })
    .optional()
    .transform((v) => v === 'true' || v === '1');

/** GET /api/Export/companies: the search filter (paging ignored), the format and the CRM option. */
export const exportSearchQuerySchema = companiesQuerySchema.extend({ format: format(), excludeInCrm: excludeInCrm() });

/** GET /api/Export/groupCompanies */
export const exportGroupQuerySchema = z.object({ groupId: dbId(), format: format(), excludeInCrm: excludeInCrm() });

/** GET /api/Export/contacts: the contacts of the companies of one group, or of every group the user sees. */
export const exportContactsQuerySchema = z.object({ groupId: dbId().optional(), format: format() });

/** GET /api/Export/sending */
export const exportSendingQuerySchema = z.object({ groupedMailId: dbId(), format: format() });

/** GET /api/Export/templateResults: the rates of one template across its sendings (issue 28). */
export const exportTemplateResultsQuerySchema = z.object({ templateId: dbId(), format: format() });

