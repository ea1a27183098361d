// European projects of a company: the company's rows via (cui).
import 'server-only';
// Public reads: the read replica when there is one (DATABASE_READ_URL, decision 050).
import { readSql as sql } from '../kernel/db';
import { Params } from '../kernel/sql';
import type { EuProjectRow, PagedList } from './dto';
import { assertCompanyExists } from './queries';
import { orderClause, pageCount, textFilter, type SortField } from './list-utils';

const EU_PROJECT_SORT: Record<string, SortField> = {
  name: { expr: 'name' },
  startdate: { expr: 'start_date' },
  enddate: { expr: 'end_date' },
  period: { expr: 'start_date' },
  totalcost: { expr: 'total_cost' },
  eccontribution: { expr: 'ec_contribution' },
  urls: { expr: 'cardinality(urls)' },
  status: { expr: 'status_code' },
};
/** Not shown in the spec; the table reads naturally by name, like the tenders' title default. */
const DEFAULT_EU_PROJECT_SORT = 'name';

type EuProjectQuery = { companyCui: number; searchText: string; pageNumber: number; pageSize: number; orderBy: string | null };

export async function getEuProjects(q: EuProjectQuery): Promise<PagedList<EuProjectRow>> {
  await assertCompanyExists(q.companyCui);
  const p = new Params([q.companyCui]);
  const text = textFilter(q.searchText, p, ['name', 'code', 'topic']);
  const order = orderClause(q.orderBy, EU_PROJECT_SORT, DEFAULT_EU_PROJECT_SORT, 'id');
  const where = `cui = $1${text ? ` AND ${text}` : ''}`;
  const countParams = p.snapshot();
  const limit = p.add(q.pageSize);
  const offset = p.add((q.pageNumber - 1) * q.pageSize);
  const [rows, count] = await Promise.all([
    sql<{
      id: number;
      code: string;
      name: string;
      start_date: string | null;
      end_date: string | null;
      total_cost: number;
      ec_contribution: number;
      urls: string[] | null;
      status_code: string;
      topic: string | null;
      objective: string | null;
    }>(
      `SELECT id, code, name, start_date::text AS start_date, end_date::text AS end_date, total_cost, ec_contribution,
              urls, status_code, topic, objective
         FROM eu_project WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      p.values,
    ),
    sql<{ n: number }>(`SELECT count(*)::int AS n FROM eu_project WHERE ${where}`, countParams),
  ]);
  const total = count[0]?.n ?? 0;
  return {
    Items: rows.map((r) => ({
      Id: r.id,
      Code: r.code,
      Name: r.name,
      StartDate: r.start_date,
      EndDate: r.end_date,
      TotalCost: r.total_cost,
      EcContribution: r.ec_contribution,
      Urls: r.urls ?? [],
      Status: r.status_code,
      Topic: r.topic,
      Objective: r.objective,
    })),
    Count: total,
    NumberOfPages: pageCount(total, q.pageSize),
    PageNumber: q.pageNumber,
  };
}
