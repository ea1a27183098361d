// Query schemas of the search endpoints. The filter schema is the shared one of lib/filters.ts,
// with upper bounds added so that no value can overflow a database column (an out-of-range number
// must be a 400 naming its field, never a 500 or an anonymous "invalid value").
import { z } from 'zod';

export const DEFAULT_SUGGESTIONS = 5;
export const MAX_SUGGESTIONS = 10;
import { DEFAULT_ORDER_BY, DEFAULT_PAGE_NUMBER, MAX_PAGE_SIZE, ORDER_BY, RISK_BAND_CODES, SEARCH_PAGE_SIZE, SEARCH_TEXT_MAX, type SearchFilter } from '@/lib/filters';
import { padCaenCode } from '@/lib/slug';
import { queryBoolean, queryNumber, queryNumberWithDefault, queryText } from '@/lib/shared/schemas';

// The filter's own schema lives here, not in lib/filters.ts: the search page's client code uses
// lib/filters.ts and should not load zod (31 kB gzip, and its set-up runs at page load).
const caenQuery = z
  .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().regex(/^\d{1,4}$/).optional())
  .transform((v) => (v === undefined ? null : padCaenCode(v)));

/** A band letter (A–E, either case); '' means not set. */
const riskBandQuery = z
  .preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toUpperCase()) : v), z.enum(RISK_BAND_CODES, { error: 'Clasa de risc trebuie să fie una dintre A, B, C, D, E.' }).optional())
  .transform((v) => v ?? null);

/**
 * Server-side parse of the getCompanies query (also fine for Next searchParams): strings
 * are coerced, '' means not set, booleans are 'true'/'false'. The output is a SearchFilter.
 * Ranges are not rewritten here; read them through `resolveRange`.
 */
export const searchFilterQuerySchema = z.object({
  SearchText: queryText({ max: SEARCH_TEXT_MAX }),
  OrderBy: z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.enum(ORDER_BY).optional())
    .transform((v) => v ?? DEFAULT_ORDER_BY),
  PageNumber: queryNumberWithDefault(DEFAULT_PAGE_NUMBER, { int: true, min: 1 }),
  PageSize: queryNumberWithDefault(SEARCH_PAGE_SIZE, { int: true, min: 1, max: MAX_PAGE_SIZE }),
  MinEmployees: queryNumber({ min: 0 }),
  MaxEmployees: queryNumber({ min: 0 }),
  MinTurnover: queryNumber({ min: 0 }),
  MaxTurnover: queryNumber({ min: 0 }),
  MinProfit: queryNumber({ min: 0 }),
  MaxProfit: queryNumber({ min: 0 }),
  CaenCode: caenQuery,
  CountyId: queryNumber({ int: true, min: 0 }),
  PrefectureId: queryNumber({ int: true, min: 0 }),
  StatusCode: queryNumber({ int: true, min: 0 }),
  HasEmail: queryBoolean(),
  HasPhone: queryBoolean(),
  HasInsolvencyRisk: queryBoolean(),
  HasEuropeanProjects: queryBoolean(),
  HasBids: queryBoolean(),
  IsVatPayer: queryBoolean(),
  IsInactive: queryBoolean(),
  HasEFactura: queryBoolean(),
  HasTaxArrears: queryBoolean(),
  RiskBand: riskBandQuery,
}) satisfies z.ZodType<SearchFilter, unknown>;

/** Larger than any real amount in lei (the biggest turnovers are ~1e11), far below bigint's limit. */
const MAX_MONEY = 1e15;
const MAX_EMPLOYEES = 10_000_000;
const MAX_INT = 2_147_483_647;
/** Deeper than any page the UI can reach (the count is capped at 10,001 rows). */
const MAX_PAGE_NUMBER = 100_000;

const money = () => queryNumber({ min: 0, max: MAX_MONEY });
const employees = () => queryNumber({ min: 0, max: MAX_EMPLOYEES });
const id = () => queryNumber({ int: true, min: 0, max: MAX_INT });

export const companiesQuerySchema = searchFilterQuerySchema.extend({
  PageNumber: queryNumberWithDefault(1, { int: true, min: 1, max: MAX_PAGE_NUMBER }),
  MinEmployees: employees(),
  MaxEmployees: employees(),
  MinTurnover: money(),
  MaxTurnover: money(),
  MinProfit: money(),
  MaxProfit: money(),
  CountyId: id(),
  PrefectureId: id(),
  StatusCode: id(),
});

export const top5QuerySchema = z.object({
  searchText: queryText({ max: SEARCH_TEXT_MAX }),
  top: queryNumberWithDefault(DEFAULT_SUGGESTIONS, { int: true, min: 1, max: MAX_SUGGESTIONS }),
});
