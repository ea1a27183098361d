// Query, body and path schemas of the company endpoints. Names are matched ignoring case
// by the route wrapper, so searchText and SearchText both work.
import { z } from 'zod';
import { queryNumber, queryNumberWithDefault, queryText } from '@/lib/shared/schemas';
import { CUSTOMER_ORDER_VALUES, PAGE_SIZES } from '@/lib/company-rules';
import { resolveMetric } from './series';

const CUI_MESSAGE = 'CUI invalid.';
/** A CUI: 1 to 10 digits (an optional RO prefix is accepted). */
const cuiValue = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().replace(/^ro\s*/i, '') : v),
  z.coerce.number({ error: CUI_MESSAGE }).int({ error: CUI_MESSAGE }).min(1, { error: CUI_MESSAGE }).max(9_999_999_999, { error: CUI_MESSAGE }),
);

export const cuiParams = z.object({ cui: cuiValue });
export const cuiQuery = z.object({ cui: cuiValue });
export const yearQuery = z.object({ year: queryNumber({ int: true, min: 1900, max: 2100 }) });

const pageNumber = () => queryNumberWithDefault(1, { int: true, min: 1, max: 100_000 });
const pageSize = (fallback: number, max = 100) => queryNumberWithDefault(fallback, { int: true, min: 1, max });
const searchText = () => queryText({ max: 200 });
const orderBy = () => z.preprocess((v) => (v == null || v === '' ? null : v), z.string().trim().max(60).nullable());

export const listQuery = (size: number) =>
  z.object({ companyCui: cuiValue, searchText: searchText(), pageNumber: pageNumber(), pageSize: pageSize(size), orderBy: orderBy() });

const isoDate = z.preprocess(
  (v) => (v === '' || v == null ? null : typeof v === 'string' ? v.slice(0, 10) : v),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data trebuie să fie în formatul AAAA-LL-ZZ.' }).nullable(),
);
const amount = z.preprocess((v) => (v === '' || v == null ? null : v), z.coerce.number().min(0).nullable());

export const tenderBody = z.object({
  searchText: z.preprocess((v) => v ?? '', z.string().trim().max(200)),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(6),
  companyCui: cuiValue,
  orderBy: z.preprocess((v) => (v == null || v === '' ? null : v), z.string().trim().max(60).nullable()).default(null),
  Date: z
    .object({
      DateName: z.enum(['data-publicarii', 'data-finalizarii']).default('data-publicarii'),
      MinDate: isoDate.default(null),
      MaxDate: isoDate.default(null),
    })
    .nullish()
    .transform((v) => v ?? null),
  Value: z
    .object({
      ValueName: z.enum(['valoare-estimata', 'valoare-finala']).default('valoare-estimata'),
      MinValue: amount.default(null),
      MaxValue: amount.default(null),
    })
    .nullish()
    .transform((v) => v ?? null),
});

export const rankingQuery = z.object({
  cui: cuiValue,
  orderBy: orderBy(),
  location: z.preprocess((v) => (v === '' || v == null ? 'All' : v), z.enum(['All', 'County', 'Prefecture'])),
});

/** OrderBy of the CAEN and customers pages; matched ignoring case, default Name. */
const orderOption = <T extends string>(options: readonly T[]) =>
  z.preprocess(
    (v) => {
      if (v === '' || v == null) return options[0];
      const found = options.find((o) => o.toLowerCase() === String(v).trim().toLowerCase());
      return found ?? v;
    },
    z.enum(options as unknown as [T, ...T[]]),
  );

/** GET /api/Company/getCompanyByCaen/{caenCode}/{pageSize} */
export const caenCompaniesParams = z.object({
  caenCode: z.string().trim().regex(/^\d{1,4}$/, { error: 'Cod CAEN invalid.' }),
  pageSize: z.coerce.number({ error: 'Dimensiune de pagină invalidă.' }).int().min(1).max(100),
});
export const caenCompaniesQuery = z.object({ pageNumber: pageNumber(), orderBy: orderOption(CUSTOMER_ORDER_VALUES) });

/** GET /api/Company/getCompanyForCustomers */
export const customersQuery = z.object({
  SearchText: searchText(),
  PageNumber: pageNumber(),
  PageSize: pageSize(PAGE_SIZES.findCustomers),
  OrderBy: orderOption(CUSTOMER_ORDER_VALUES),
});

/** GET /api/Company/getSimilarCompanies */
export const similarCompaniesQuery = z.object({
  CompanyCui: cuiValue,
  PageNumber: pageNumber(),
  PageSize: pageSize(PAGE_SIZES.similarCompanies, 50),
  OrderBy: z.preprocess((v) => (v === '' || v == null ? 'County' : v), z.enum(['County', 'Turnover', 'Profit', 'Employees', 'CaenCode'])),
});

/** GET /api/Company/getTop10Collaborations. companyName is sent for the root node's label; the server does not need it. */
export const collaborationNetworkQuery = z.object({ companyCui: cuiValue, companyName: z.string().max(300).optional() });

/**
 * GET /api/Company/getDetailsForGraph/{cui}. Without `type`: the graph rows {Year, Turnover, Profit,
 * Employees}; with a metric name (e.g. type=Debts): that metric's series rows {Year, Value}.
 */
export const graphQuery = z.object({
  type: z
    .preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(60).optional())
    .refine((v) => v === undefined || resolveMetric(v) !== null, { error: 'Indicator necunoscut.' }),
});
