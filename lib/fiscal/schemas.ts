// Requests of the fiscal-check endpoints (issue 48): one schema for the form and the route.
import { z } from 'zod';
import { dbId } from '../shared/schemas';
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

/** POST /api/Fiscal/createBulkCheck: a list of CUIs or a group (exactly one). */
export const bulkCheckSchema = z
  .object({
    Cuis: z
      .array(cui)
      .min(1, { error: 'Lista de CUI-uri este goală.' })
      .max(BULK_MAX_COMPANIES, { error: `Cel mult ${formatNumber(BULK_MAX_COMPANIES)} de CUI-uri într-o verificare.` })
      .optional(),
    GroupId: dbId().optional(),
  })
  .refine((b) => (b.Cuis === undefined) !== (b.GroupId === undefined), { error: 'Alegeți fie o listă de CUI-uri, fie un grup.', path: ['Cuis'] });

/** GET /api/Fiscal/getBulkCheck?id=, GET /api/Fiscal/getBulkCheckReport?id= */
export const bulkCheckIdSchema = z.object({ id: dbId() });
