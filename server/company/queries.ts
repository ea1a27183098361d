// Company details, yearly figures, graph rows, statistics and insolvency: every read is a primary-key
// or (cui, …) index lookup; nothing here scans a table. Raw SQL on the shared pool (BIGINT → number).
import 'server-only';
// Public reads: the read replica when there is one (DATABASE_READ_URL, decision 050); the hot fixed
// statements as prepared statements (decision 047).
import { readSql as sql } from '../kernel/db';
import { preparedReadSql } from '../kernel/prepared-sql';
import { notFound } from '../kernel/errors';
import { companyGroupNameSql } from '../groups/queries';
import type {
  CaenRef,
  CompanyCardItem,
  CompanyDetails,
  CompanyDetailsByYear,
  GraphRow,
  InsolvencyByYear,
  SeriesRow,
  Statistic,
  YearDetails,
  YearMetricKey,
} from './dto';
import { YEAR_METRIC_KEYS } from './dto';
import type { CompanyItemRow } from '../search/dto';
import { METRIC_COLUMNS, growthPercent, growthStatus } from './metrics';
import { isStorableCui } from '@/lib/cui';
import { publicRepresentativesJsonSql } from '../privacy/people';

type CompanyRow = {
  cui: number;
  name: string;
  registration_code: string | null;
  euid: string | null;
  legal_form: string | null;
  full_address: string | null;
  county_id: number | null;
  county: string | null;
  locality_id: number | null;
  locality: string | null;
  postal_code: string | null;
  establishment_date: string | null;
  status_code: number;
  status_name: string | null;
  is_active: boolean;
  caen_code: string | null;
  caen_name: string | null;
  other_caen_codes: string[] | null;
  website: string | null;
  last_year: number | null;
  employees: number;
  turnover: number;
  profit: number;
  insolvency_score: number | null;
  has_insolvency_risk: boolean;
  has_tenders: boolean;
  has_eu_projects: boolean;
  updated_at: string | null;
};

const COMPANY_SELECT = `
  SELECT c.cui, c.name, c.registration_code, c.euid, c.legal_form, c.full_address,
         c.county_id, co.name AS county, c.locality_id, l.name AS locality, c.postal_code,
         c.establishment_date::text AS establishment_date, c.status_code, s.name AS status_name, c.is_active,
         c.caen_code, k.name AS caen_name, c.other_caen_codes, c.website, c.last_year, c.employees,
         c.turnover, c.profit, c.insolvency_score, c.has_insolvency_risk, c.has_tenders, c.has_eu_projects,
         to_char(c.updated_at, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
    FROM company c
    LEFT JOIN county co ON co.id = c.county_id
    LEFT JOIN locality l ON l.id = c.locality_id
    LEFT JOIN company_status s ON s.code = c.status_code
    LEFT JOIN caen k ON k.revision = 2 AND k.code = c.caen_code`;

/** Whole years between an ISO date and today (UTC calendar); null without a date. */
export function activityYears(establishmentDate: string | null, today = new Date()): number | null {
  if (!establishmentDate) return null;
  const [y, m, d] = establishmentDate.split('-').map(Number);
  if (!y || !m || !d) return null;
  let years = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) years -= 1;
  return Math.max(0, years);
}

/** The company's name (for slugs and redirects) or null when unknown. */
export async function findCompanyName(cui: number): Promise<string | null> {
  if (!isStorableCui(cui)) return null;
  const rows = await sql<{ name: string }>(`SELECT name FROM company WHERE cui = $1`, [cui]);
  return rows[0]?.name ?? null;
}

/** The 404 of an unknown company (every company endpoint answers it with this text). */
export const companyNotFound = () => notFound('Compania nu a fost găsită.');

export async function assertCompanyExists(cui: number): Promise<void> {
  if (!isStorableCui(cui)) throw companyNotFound();
  const rows = await preparedReadSql(`SELECT 1 FROM company WHERE cui = $1`, [cui], true); // writes depend on it: the primary
  if (rows.length === 0) throw companyNotFound();
}

type DetailsRow = CompanyRow &
  TrendRow & {
    years: number[];
    statuses: Array<{ code: number; name: string | null; date: string | null }>;
    social: Array<{ id: number; platform: string; url: string }>;
    reps: Array<{ name: string; role: string | null; phone: string | null; email: string | null }>;
    others: Array<{ code: string; name: string }>;
    rev3: Array<{ code: string; name: string | null }>;
    group_name: string | null;
    is_claimed: boolean;
  };

// One statement, one round trip: the company row with its years, status history, social links,
// representatives, CAEN names, Rev.3 correspondence, trend and (for a signed-in viewer) group.
const DETAILS_SQL = `
  SELECT d.*, t.employees_has_growth, t.employees_spike_year, t.employees_spike_up, t.turnover_has_growth,
         t.turnover_spike_year, t.turnover_spike_up, t.profit_has_growth, t.profit_spike_year, t.profit_spike_up,
    (SELECT coalesce(json_agg(f.year ORDER BY f.year DESC), '[]') FROM financial_year f WHERE f.cui = d.cui) AS years,
    (SELECT coalesce(json_agg(json_build_object('code', e.status_code, 'name', s2.name, 'date', e.event_date)
              ORDER BY e.event_date DESC NULLS LAST, e.id DESC), '[]')
       FROM company_status_event e LEFT JOIN company_status s2 ON s2.code = e.status_code WHERE e.cui = d.cui) AS statuses,
    (SELECT coalesce(json_agg(json_build_object('id', m.id, 'platform', m.platform, 'url', m.url) ORDER BY m.id), '[]')
       FROM social_media m WHERE m.cui = d.cui) AS social,
    ${publicRepresentativesJsonSql('d.cui')} AS reps,
    (SELECT coalesce(json_agg(json_build_object('code', k2.code, 'name', k2.name)), '[]')
       FROM caen k2 WHERE k2.revision = 2 AND k2.code = ANY(d.other_caen_codes)) AS others,
    (SELECT coalesce(json_agg(json_build_object('code', cc.rev3_code, 'name', k3.name) ORDER BY cc.rev3_code), '[]')
       FROM caen_correspondence cc LEFT JOIN caen k3 ON k3.revision = 3 AND k3.code = cc.rev3_code
      WHERE cc.rev2_code = d.caen_code) AS rev3,
    CASE WHEN $2::int IS NULL THEN NULL ELSE ${companyGroupNameSql('d.cui', '$2::int')} END AS group_name,
    EXISTS (SELECT 1 FROM claim_request q WHERE q.cui = d.cui AND q.status IS TRUE) AS is_claimed
  FROM (${COMPANY_SELECT} WHERE c.cui = $1) d
  LEFT JOIN company_trend t ON t.cui = d.cui`;

function toDetails(row: DetailsRow): CompanyDetails {
  const otherNames = new Map(row.others.map((o) => [o.code, o.name]));
  const other: CaenRef[] = (row.other_caen_codes ?? [])
    .filter((c) => c && c !== row.caen_code)
    .map((code) => ({ Code: code, Description: otherNames.get(code) ?? null }));
  return {
    Cui: row.cui,
    Name: row.name,
    RegistrationCode: row.registration_code,
    Euid: row.euid,
    LegalForm: row.legal_form,
    FullAddress: row.full_address,
    County: row.county,
    CountyId: row.county_id,
    Prefecture: row.locality,
    PrefectureId: row.locality_id,
    PostalCode: row.postal_code,
    EstablishmentDate: row.establishment_date,
    ActivityYears: activityYears(row.establishment_date),
    CaenCode: row.caen_code,
    CaenDescription: row.caen_name,
    CaenRev3: row.rev3.map((r) => ({ Code: r.code, Description: r.name })),
    OtherCaenCodes: other,
    Years: row.years,
    LastYear: row.last_year ?? row.years[0] ?? null,
    LastUpdate: row.updated_at,
    InsolvencyRisk: row.insolvency_score,
    HasInsolvencyRisk: row.has_insolvency_risk,
    CompanyGroupName: row.group_name,
    IsClaimed: row.is_claimed,
    Status: row.status_name,
    StatusCode: row.status_code,
    IsActive: row.is_active,
    Statuses: row.statuses.map((st) => ({ Code: st.code, Name: st.name ?? String(st.code), Date: st.date })),
    SocialMedia: row.social.map((m) => ({ Id: m.id, Platform: m.platform, Url: m.url })),
    ContactsForEdit: [],
    SocialMediaForEdit: [],
    AverageNumberOfEmployees: row.employees,
    NetTurnover: row.turnover,
    NetProfit: row.profit,
    HasTenders: row.has_tenders,
    HasEuProjects: row.has_eu_projects,
    Website: row.website,
    Representatives: row.reps.map((r) => ({ Name: r.name, Role: r.role, PhoneNumber: r.phone, Email: r.email })),
  };
}

/** The details and the trend statistics of a company in one round trip; null when unknown. */
export async function loadCompanyDetails(cui: number, viewerId: number | null = null): Promise<{ details: CompanyDetails; statistics: Statistic[] } | null> {
  if (!isStorableCui(cui)) return null;
  // A signed-in viewer reads the primary: their own writes (a group, a contact) show at once.
  const rows = await preparedReadSql<DetailsRow>(DETAILS_SQL, [cui, viewerId], viewerId !== null);
  const row = rows[0];
  if (!row) return null;
  return { details: toDetails(row), statistics: trendToStatistics(row) };
}

/**
 * GET /api/Company/getDetails/{cui}. `viewerId` adds the name of the viewer's group holding the
 * company (CompanyGroupName); anonymous callers get null.
 */
export async function getCompanyDetails(cui: number, viewerId: number | null = null): Promise<CompanyDetails> {
  const found = await loadCompanyDetails(cui, viewerId);
  if (!found) throw companyNotFound();
  return found.details;
}

// ───────────────────────────── yearly figures ─────────────────────────────

type YearRow = { year: number } & Record<string, number | null>;

const YEAR_COLUMNS = ['year', ...Object.values(METRIC_COLUMNS)].join(', ');

async function loadYears(cui: number): Promise<YearRow[]> {
  return preparedReadSql<YearRow>(`SELECT ${YEAR_COLUMNS} FROM financial_year WHERE cui = $1 ORDER BY year`, [cui]);
}

/** Every year of the company with value and growth of the 21 metrics, latest year first. */
export function buildYearDetails(rows: YearRow[]): YearDetails[] {
  const out: YearDetails[] = [];
  rows.forEach((row, i) => {
    const prev = i > 0 ? rows[i - 1] : null;
    const details = {} as CompanyDetailsByYear;
    for (const key of YEAR_METRIC_KEYS) {
      const col = METRIC_COLUMNS[key];
      const value = row[col] == null ? null : Number(row[col]);
      const growth = prev ? growthPercent(value, prev[col] == null ? null : Number(prev[col])) : null;
      details[key] = { Value: value, Growth: growth, GrowthStatus: growthStatus(growth) };
    }
    out.push({ Year: row.year, CompanyDetails: details });
  });
  return out.reverse();
}

export async function getAllYearDetails(cui: number): Promise<YearDetails[]> {
  return buildYearDetails(await loadYears(cui));
}

/** Graph rows from the year details (latest first): oldest first, Profit as the net result. */
export function graphRowsFromYears(years: YearDetails[]): GraphRow[] {
  return [...years].reverse().map((y) => ({
    Year: y.Year,
    Turnover: y.CompanyDetails.NetTurnover.Value ?? 0,
    Profit: (y.CompanyDetails.NetProfit.Value ?? 0) - (y.CompanyDetails.NetLoss.Value ?? 0),
    Employees: y.CompanyDetails.Employees.Value ?? 0,
  }));
}

/** GET /api/Company/getDetailsByYear/{cui}?year= ; without a year, the latest one. */
export async function getDetailsByYear(cui: number, year: number | null): Promise<YearDetails> {
  if (!isStorableCui(cui)) throw companyNotFound();
  // The years first: a company with years exists, so the existence check (a second round trip,
  // each waiting for a pooled connection under load: issue 25) runs only when there are none.
  const all = await getAllYearDetails(cui);
  if (all.length === 0) await assertCompanyExists(cui);
  const found = year == null ? all[0] : all.find((y) => y.Year === year);
  if (!found) throw notFound(year == null ? 'Compania nu are date financiare.' : `Nu există date financiare pentru anul ${year}.`);
  return found;
}

/** Net result: profit minus loss (the statements carry them in two columns). */
const PROFIT_SQL = '(net_profit - net_loss)';

/** GET /api/Company/getDetailsForGraphs/{cui}: Year, Turnover, Profit, Employees, oldest first. */
export async function getGraphRows(cui: number): Promise<GraphRow[]> {
  if (!isStorableCui(cui)) throw companyNotFound();
  // As getDetailsByYear: the existence check only when the company has no years.
  const rows = await loadGraphRows(cui);
  if (rows.length === 0) await assertCompanyExists(cui);
  return rows;
}

async function loadGraphRows(cui: number): Promise<GraphRow[]> {
  const rows = await preparedReadSql<{ year: number; turnover: number; profit: number; employees: number }>(
    `SELECT year, net_turnover AS turnover, ${PROFIT_SQL} AS profit, employees FROM financial_year WHERE cui = $1 ORDER BY year`,
    [cui],
  );
  return rows.map((r) => ({ Year: r.year, Turnover: r.turnover, Profit: r.profit, Employees: r.employees }));
}

/** One metric as chart series rows {Year, Value}, oldest first. NetProfit is the net result (profit − loss). */
export async function getMetricSeries(cui: number, metric: YearMetricKey): Promise<SeriesRow[]> {
  await assertCompanyExists(cui);
  const expr = metric === 'NetProfit' ? PROFIT_SQL : METRIC_COLUMNS[metric];
  const rows = await sql<{ year: number; value: number | null }>(
    `SELECT year, ${expr} AS value FROM financial_year WHERE cui = $1 ORDER BY year`,
    [cui],
  );
  return rows.map((r) => ({ Year: r.year, Value: r.value == null ? null : Number(r.value) }));
}

// ───────────────────────────── statistics and insolvency ─────────────────────────────

type TrendRow = {
  employees_has_growth: boolean | null;
  employees_spike_year: number | null;
  employees_spike_up: boolean | null;
  turnover_has_growth: boolean | null;
  turnover_spike_year: number | null;
  turnover_spike_up: boolean | null;
  profit_has_growth: boolean | null;
  profit_spike_year: number | null;
  profit_spike_up: boolean | null;
};

export function trendToStatistics(t: Partial<TrendRow> | undefined): Statistic[] {
  const make = (type: Statistic['Type'], prefix: 'turnover' | 'profit' | 'employees'): Statistic => {
    const year = t?.[`${prefix}_spike_year`] ?? null;
    return {
      Type: type,
      HasGrowth: t?.[`${prefix}_has_growth`] ?? null,
      SpikeYear: year,
      HasUpwardSpike: year == null ? null : (t?.[`${prefix}_spike_up`] ?? null),
    };
  };
  return [make('Turnover', 'turnover'), make('Profit', 'profit'), make('Employees', 'employees')];
}

async function loadStatistics(cui: number): Promise<Statistic[]> {
  const rows = await sql<TrendRow>(`SELECT * FROM company_trend WHERE cui = $1`, [cui]);
  return trendToStatistics(rows[0]);
}

/** GET /api/Company/getCompanyStatisticsType?cui= */
export async function getStatistics(cui: number): Promise<Statistic[]> {
  await assertCompanyExists(cui);
  return loadStatistics(cui);
}

/** GET /api/Company/getInsolvencyByYear/{cui}?year= (latest year without one). */
export async function getInsolvencyByYear(cui: number, year: number | null): Promise<InsolvencyByYear> {
  const y = await getDetailsByYear(cui, year);
  const m = y.CompanyDetails.InsolvencyRisk;
  return { Year: y.Year, InsolvencyRisk: m.Value, Growth: m.Growth, GrowthStatus: m.GrowthStatus };
}

/** GET /api/Company/getInsolvencyRiskForGraph/{cui}: the yearly score as series rows. */
export async function getInsolvencySeries(cui: number): Promise<SeriesRow[]> {
  return getMetricSeries(cui, 'InsolvencyRisk');
}

// ───────────────────────────── company cards ─────────────────────────────

type CardRow = CompanyItemRow & { county: string | null; locality: string | null };

/** Card fields of the given companies, in the order of `cuis`. */
export async function loadCards(cuis: number[]): Promise<CompanyCardItem[]> {
  if (cuis.length === 0) return [];
  const rows = await sql<CardRow>(
    `SELECT c.cui, c.name, c.registration_code, c.caen_code, k.name AS caen_name, c.turnover, c.profit,
            c.employees, c.full_address, co.name AS county, l.name AS locality
       FROM company c
       LEFT JOIN caen k ON k.revision = 2 AND k.code = c.caen_code
       LEFT JOIN county co ON co.id = c.county_id
       LEFT JOIN locality l ON l.id = c.locality_id
      WHERE c.cui = ANY($1::int[])`,
    [cuis],
  );
  const byCui = new Map(rows.map((r) => [r.cui, r]));
  return cuis.flatMap((cui) => {
    const r = byCui.get(cui);
    return r ? [toCard(r)] : [];
  });
}

function toCard(r: CardRow): CompanyCardItem {
  return {
    Cui: r.cui,
    Name: r.name,
    RegistrationCode: r.registration_code,
    CaenCode: r.caen_code,
    CaenDescription: r.caen_name,
    NetTurnover: r.turnover,
    NetProfit: r.profit,
    AverageNumberOfEmployees: r.employees,
    Address: r.full_address,
    County: r.county,
    Prefecture: r.locality,
  };
}
