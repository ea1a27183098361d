// The comparison's request, shared by the page (/Compara?cui=…) and the export endpoint: up to
// five CUIs, written "1,2,3" or as repeated cui= fields, each with or without "RO".
import { z } from 'zod';
import { normalizeCui, isStorableCui } from '../cui';
import { exportFormatSchema } from '../export/schemas';
import { MAX_COMPARED } from './compare-path';

export { comparePath, MAX_COMPARED } from './compare-path';

/** The CUIs of a comparison, in the order given, duplicates dropped. */
export const comparedCuisSchema = z
  .union([z.string(), z.array(z.string())], { error: 'Indicați CUI-urile firmelor de comparat.' })
  .transform((v, ctx) => {
    const parts = (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(/[\s,;]+/)).filter(Boolean);
    const cuis: number[] = [];
    for (const p of parts) {
      const digits = normalizeCui(p);
      const n = digits !== null && digits.length <= 10 ? Number(digits) : NaN;
      if (!isStorableCui(n)) {
        ctx.addIssue({ code: 'custom', message: `„${p.slice(0, 20)}” nu este un CUI.` });
        return z.NEVER;
      }
      if (!cuis.includes(n)) cuis.push(n);
    }
    if (cuis.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Indicați cel puțin un CUI.' });
      return z.NEVER;
    }
    if (cuis.length > MAX_COMPARED) {
      ctx.addIssue({ code: 'custom', message: `Se pot compara cel mult ${MAX_COMPARED} firme.` });
      return z.NEVER;
    }
    return cuis;
  });

/** GET /api/Company/compareExport */
export const compareExportQuerySchema = z.object({ cui: comparedCuisSchema, format: exportFormatSchema() });

