// Query schemas of the search endpoints. The filter schema is the shared one of lib/filters.ts,
// with upper bounds added so that no value can overflow a database column (an out-of-range number
// must be a 400 naming its field, never a 500 or an anonymous "invalid value").
import { z } from 'zod';

export const DEFAULT_SUGGESTIONS = 5;
export const MAX_SUGGESTIONS = 10;
import { SEARCH_TEXT_MAX, searchFilterQuerySchema } from '@/lib/filters';
import { queryNumber, queryNumberWithDefault, queryText } from '@/lib/shared/schemas';

/** Larger than any real amount in lei (the biggest turnovers are ~1e11), far below bigint's limit. */
export const MAX_MONEY = 1e15;
export const MAX_EMPLOYEES = 10_000_000;
const MAX_INT = 2_147_483_647;
/** Deeper than any page the UI can reach (the count is capped at 10,001 rows). */
export const MAX_PAGE_NUMBER = 100_000;

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
