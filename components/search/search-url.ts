// The advanced-search address: the documented positional segments
// /Cautare-avansata/:SearchText?/…/:HasInsolvencyRisk? (lib/filters buildSearchPath), plus the
// fields the route has no segment for (sort, contact, bids, EU projects) as query parameters, so
// every filter round-trips through the address. The fiscal and risk filters (decision 107) are
// query parameters too.
import {
  buildSearchPath,
  createSearchFilter,
  DEFAULT_ORDER_BY,
  isRiskBand,
  ORDER_BY,
  parseSearchPath,
  type OrderBy,
  type SearchFilter,
} from '@/lib/filters';

const QUERY_FIELDS = ['OrderBy', 'HasEmail', 'HasPhone', 'HasEuropeanProjects', 'HasBids', 'IsVatPayer', 'IsInactive', 'HasEFactura', 'HasTaxArrears', 'RiskBand'] as const;
type QueryField = (typeof QUERY_FIELDS)[number];

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function readParam(params: Params, key: string): string | null {
  if (params instanceof URLSearchParams) {
    for (const [k, v] of params) if (k.toLowerCase() === key.toLowerCase()) return v;
    return null;
  }
  for (const [k, v] of Object.entries(params)) {
    if (k.toLowerCase() === key.toLowerCase()) return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
  }
  return null;
}

const readBool = (v: string | null) => (v?.toLowerCase() === 'true' ? true : v?.toLowerCase() === 'false' ? false : null);

/** Filter from the route's segments and its query (unknown or invalid values are ignored). */
export function parseSearchUrl(segments: ReadonlyArray<string> | string | null | undefined, params: Params = {}): SearchFilter {
  const filter = parseSearchPath(segments);
  const order = readParam(params, 'OrderBy');
  filter.OrderBy = (ORDER_BY as readonly string[]).includes(order ?? '') ? (order as OrderBy) : DEFAULT_ORDER_BY;
  for (const field of QUERY_FIELDS) {
    if (field === 'OrderBy') continue;
    if (field === 'RiskBand') {
      const band = readParam(params, field)?.trim().toUpperCase();
      filter.RiskBand = isRiskBand(band) ? band : null;
      continue;
    }
    filter[field] = readBool(readParam(params, field));
  }
  return filter;
}

/** Path and query of a filter; default values are left out. */
export function buildSearchUrl(filter: Partial<SearchFilter>): string {
  const full = createSearchFilter(filter);
  const path = buildSearchPath(full);
  const query = new URLSearchParams();
  for (const field of QUERY_FIELDS as readonly QueryField[]) {
    const value = full[field];
    if (field === 'OrderBy') {
      if (value !== DEFAULT_ORDER_BY) query.set(field, String(value));
    } else if (value !== null && value !== undefined) query.set(field, String(value));
  }
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}
