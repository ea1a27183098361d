// Public tenders of a company: as supplier or as contracting authority.
// A company's tenders are a small set reached through (supplier_cui, …) and (authority_cui, …)
// indexes; search, filters, sort and paging apply to that set only.
import 'server-only';
// Public reads: the read replica when there is one (DATABASE_READ_URL, decision 050).
import { readSql as sql } from '../kernel/db';
import { Params } from '../kernel/sql';
import type { PagedList, TenderRow } from './dto';
import { assertCompanyExists } from './queries';
import { orderClause, pageCount, textFilter, type SortField } from './list-utils';

type TenderQuery = {
  companyCui: number;
  searchText: string;
  pageNumber: number;
  pageSize: number;
  orderBy: string | null;
  date: { DateName: 'data-publicarii' | 'data-finalizarii'; MinDate: string | null; MaxDate: string | null } | null;
  value: { ValueName: 'valoare-estimata' | 'valoare-finala'; MinValue: number | null; MaxValue: number | null } | null;
};

export const TENDER_SORT: Record<string, SortField> = {
  title: { expr: 'title' },
  company: { expr: 'company' },
  colaboratorcui: { expr: 'partner_cui' },
  cui: { expr: 'partner_cui' },
  companyissupplier: { expr: 'is_supplier' },
  cpv: { expr: 'cpv' },
  estimatedvalue: { expr: 'estimated_value' },
  finalvalue: { expr: 'final_value' },
  publishdate: { expr: 'publish_date' },
  finishdate: { expr: 'finish_date' },
};
const DEFAULT_TENDER_SORT = 'title';

/**
 * The amount filter: a range over the estimated or final value. "Entering only one bound sets the
 * other to 0": a 0 maximum above a positive minimum is that encoding and means no upper
 * bound; a 0 minimum is simply the lower end.
 */
export function amountRange(min: number | null, max: number | null): { min: number | null; max: number | null } {
  const lower = min ?? (max != null ? 0 : null);
  let upper = max ?? (min != null ? 0 : null);
  if (lower != null && lower > 0 && upper === 0) upper = null;
  if (lower === 0 && upper === 0) return { min: null, max: null };
  return { min: lower, max: upper };
}

export async function getTenders(q: TenderQuery): Promise<PagedList<TenderRow>> {
  await assertCompanyExists(q.companyCui);
  const p = new Params([q.companyCui]);
  const where: string[] = [];
  const text = textFilter(q.searchText, p, ['title', 'company', 'cpv', 'partner_cui::text', 'partner_tax_id', 'partner_country']);
  if (text) where.push(text);
  if (q.value) {
    const col = q.value.ValueName === 'valoare-finala' ? 'final_value' : 'estimated_value';
    const { min, max } = amountRange(q.value.MinValue, q.value.MaxValue);
    if (min != null) where.push(`${col} >= ${p.add(min)}`);
    if (max != null) where.push(`${col} <= ${p.add(max)}`);
  }
  if (q.date) {
    const col = q.date.DateName === 'data-finalizarii' ? 'finish_date' : 'publish_date';
    if (q.date.MinDate) where.push(`${col} >= ${p.add(q.date.MinDate)}::date`);
    if (q.date.MaxDate) where.push(`${col} <= ${p.add(q.date.MaxDate)}::date`);
  }
  const order = orderClause(q.orderBy, TENDER_SORT, DEFAULT_TENDER_SORT, 'id');
  const countParams = p.snapshot();
  const limit = p.add(q.pageSize);
  const offset = p.add((q.pageNumber - 1) * q.pageSize);
  const rows = await sql<{
    id: number;
    title: string;
    company: string;
    partner_cui: number | null;
    partner_tax_id: string | null;
    partner_country: string | null;
    is_supplier: boolean;
    cpv: string | null;
    estimated_value: number | null;
    final_value: number | null;
    publish_date: string | null;
    finish_date: string | null;
    total: number;
    is_company: boolean;
  }>(
    `WITH t AS (
       SELECT id, title, authority_name AS company, authority_cui AS partner_cui, NULL::text AS partner_tax_id,
              NULL::text AS partner_country, true AS is_supplier,
              concat_ws(' ', cpv_code, cpv_name) AS cpv, estimated_value, final_value, publish_date, finish_date
         FROM tender WHERE supplier_cui = $1
       UNION ALL
       -- a foreign supplier (no CUI, decision 028) is listed with its identifier and country
       SELECT id, title, supplier_name, supplier_cui, supplier_tax_id::text, supplier_country::text, false,
              concat_ws(' ', cpv_code, cpv_name), estimated_value, final_value, publish_date, finish_date
         FROM tender WHERE authority_cui = $1 AND supplier_cui IS DISTINCT FROM $1
     )
     SELECT id, title, company, partner_cui, partner_tax_id, partner_country, is_supplier, nullif(cpv, '') AS cpv, estimated_value, final_value,
            publish_date::text AS publish_date, finish_date::text AS finish_date, count(*) OVER ()::int AS total,
            EXISTS (SELECT 1 FROM company c WHERE c.cui = partner_cui) AS is_company
       FROM t ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${order}
      LIMIT ${limit} OFFSET ${offset}`,
    p.values,
  );
  const count = rows[0]?.total ?? (q.pageNumber > 1 ? await countTenders(where, countParams) : 0);
  return {
    Items: rows.map((r) => ({
      Id: r.id,
      Title: r.title,
      Company: r.company,
      ColaboratorCUI: r.partner_cui,
      ColaboratorTaxId: r.partner_tax_id,
      ColaboratorCountry: r.partner_country,
      CompanyIsSupplier: r.is_supplier,
      CPV: r.cpv,
      EstimatedValue: r.estimated_value,
      FinalValue: r.final_value,
      PublishDate: r.publish_date,
      FinishDate: r.finish_date,
      IsCompany: r.is_company,
    })),
    Count: count,
    NumberOfPages: pageCount(count, q.pageSize),
    PageNumber: q.pageNumber,
  };
}

// A page past the end has no rows to carry the total: count separately.
async function countTenders(where: string[], params: unknown[]): Promise<number> {
  const rows = await sql<{ n: number }>(
    `WITH t AS (
       SELECT title, authority_name AS company, authority_cui AS partner_cui, NULL::text AS partner_tax_id,
              NULL::text AS partner_country, concat_ws(' ', cpv_code, cpv_name) AS cpv,
              estimated_value, final_value, publish_date, finish_date FROM tender WHERE supplier_cui = $1
       UNION ALL
       SELECT title, supplier_name, supplier_cui, supplier_tax_id::text, supplier_country::text, concat_ws(' ', cpv_code, cpv_name),
              estimated_value, final_value, publish_date, finish_date FROM tender WHERE authority_cui = $1 AND supplier_cui IS DISTINCT FROM $1
     ) SELECT count(*)::int AS n FROM t ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
    params,
  );
  return rows[0]?.n ?? 0;
}
