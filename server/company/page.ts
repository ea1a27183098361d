// Everything the server-rendered company page needs, read straight from the database (the page
// never calls its own API over HTTP): independent reads in parallel.
import 'server-only';
import type { CompanyPageData, DataSourceNote } from './dto';
import type { YearDetails } from '@/lib/company/types';
import type { StatementFigures } from '@/lib/risk/ratios';
// Public reads: the read replica when there is one (DATABASE_READ_URL, decision 050).
import { readSql as sql } from '../kernel/db';
import { isStorableCui } from '@/lib/cui';
import { getAllYearDetails, graphRowsFromYears, loadCompanyDetails } from './queries';
import { getSimilarCompanies, SIMILAR_PAGE_SIZE } from './rankings';
import { AppError } from '../kernel/errors';
import { getCompanyRisk } from '../risk/queries';

/** null when the company does not exist. */
export async function getCompanyPageData(cui: number): Promise<CompanyPageData | null> {
  if (!isStorableCui(cui)) return null;
  const similar = getSimilarCompanies(cui, 'County', 1, SIMILAR_PAGE_SIZE).catch((e: unknown) => {
    if (e instanceof AppError && e.code === 'NOT_FOUND') return null;
    throw e;
  });
  // The default score and benchmarks are precomputed (company_risk): one keyed read beside the
  // others; the company's own ratios come from the years read here (decision 111).
  const yearsRead = getAllYearDetails(cui);
  const [found, years, similarList, sources, risk] = await Promise.all([
    loadCompanyDetails(cui),
    yearsRead,
    similar,
    getCompanySources(cui),
    getCompanyRisk(cui, yearsRead.then(toStatementFigures)),
  ]);
  if (!found || !similarList) return null;
  return { details: found.details, statistics: found.statistics, years, graph: graphRowsFromYears(years), similar: similarList, sources, risk };
}

const figure = (y: YearDetails, key: keyof YearDetails['CompanyDetails']) => y.CompanyDetails[key].Value ?? 0;

/** The statement figures the risk block's ratios are computed from. */
export function toStatementFigures(years: YearDetails[]): StatementFigures[] {
  return years.map((y) => ({
    year: y.Year,
    turnover: figure(y, 'NetTurnover'),
    immobilised: figure(y, 'TotalImmobilisedAssets'),
    circulating: figure(y, 'TotalCirculatingAssets'),
    advance: figure(y, 'ExpensesInAdvance'),
    debts: figure(y, 'Debts'),
    incomeAdvance: figure(y, 'IncomeInAdvance'),
    capitals: figure(y, 'TotalCapitals'),
    grossProfit: figure(y, 'GrossProfit'),
    grossLoss: figure(y, 'GrossLoss'),
    netProfit: figure(y, 'NetProfit'),
    netLoss: figure(y, 'NetLoss'),
  }));
}

const SOURCE_LABELS: Record<DataSourceNote['Source'], string> = {
  onrc: 'ONRC',
  mf: 'Ministerul Finanțelor',
  sicap: 'SICAP',
  eu: 'Fonduri UE',
};

/** Where the company's facts come from and the date of that data (written by `npm run import`). */
export async function getCompanySources(cui: number): Promise<DataSourceNote[]> {
  const rows = await sql<{ source: DataSourceNote['Source']; data_date: string }>(
    `SELECT source, to_char(data_date, 'YYYY-MM-DD') AS data_date FROM company_source WHERE cui = $1 ORDER BY source`,
    [cui],
  );
  return rows.map((r) => ({ Source: r.source, Label: SOURCE_LABELS[r.source], DataDate: r.data_date }));
}
