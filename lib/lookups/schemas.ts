// Query schemas of the lookup endpoints. Keys match case-insensitively (the wrapper).
import { z } from 'zod';
import { queryNumber, queryText } from '@/lib/shared/schemas';

const MAX_LOOKUP_TEXT = 100;
const MAX_INT = 2_147_483_647;
const text = () => queryText({ max: MAX_LOOKUP_TEXT });

export const lookupQuerySchema = z.object({ searchText: text() });

export const caenLookupQuerySchema = z.object({
  searchText: text(),
  caenCode: z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().regex(/^\d{1,4}$/).optional())
    .transform((v) => v ?? null),
});

export const countyLookupQuerySchema = z.object({
  searchText: text(),
  countyId: queryNumber({ int: true, min: 0, max: MAX_INT }),
});

export const prefectureLookupQuerySchema = z.object({
  searchText: text(),
  /** -1 = no county chosen */
  countyId: queryNumber({ int: true, min: -1, max: MAX_INT }),
  prefectureId: queryNumber({ int: true, min: 0, max: MAX_INT }),
});
