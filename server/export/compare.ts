// The comparison as a file (issue 49, decision 101): one row per company and financial year, the
// score and the limit on every row of their company. At most five companies of ten years: no
// daily ledger (decision 055 bounds files of thousands of rows), the page shows the same figures.
import 'server-only';
import type { ExportFormat } from '@/lib/export/schemas';
import type { ComparedCompany, ComparedYear } from '@/lib/risk/types';
import { getComparison } from '../risk/compare';
import { exportFileName, exportResponse, type ExportColumn } from './sheet';

type Row = { c: ComparedCompany; y: ComparedYear | null };

const COLUMNS: ExportColumn<Row>[] = [
  { header: 'CUI', kind: 'int', width: 12, value: (r) => r.c.Cui },
  { header: 'Denumire', kind: 'text', width: 40, value: (r) => r.c.Name },
  { header: 'CAEN', kind: 'text', width: 8, value: (r) => r.c.CaenCode },
  { header: 'Județ', kind: 'text', width: 16, value: (r) => r.c.County },
  { header: 'An', kind: 'int', width: 8, value: (r) => r.y?.Year },
  { header: 'Cifra de afaceri', kind: 'money', width: 18, value: (r) => r.y?.Turnover },
  { header: 'Profit net', kind: 'money', width: 16, value: (r) => r.y?.NetProfit },
  { header: 'Angajați', kind: 'int', width: 10, value: (r) => r.y?.Employees },
  { header: 'Capitaluri proprii', kind: 'money', width: 18, value: (r) => r.y?.Equity },
  { header: 'Lichiditate', kind: 'percent', width: 12, value: (r) => r.y?.Liquidity },
  { header: 'Autonomie financiară', kind: 'percent', width: 14, value: (r) => r.y?.EquityRatio },
  { header: 'Rentabilitatea activelor', kind: 'percent', width: 14, value: (r) => r.y?.Profitability },
  { header: 'Marja netă', kind: 'percent', width: 12, value: (r) => r.y?.NetMargin },
  { header: 'Banda de risc', kind: 'text', width: 10, value: (r) => r.c.Band },
  { header: 'Probabilitate de neplată', kind: 'percent', width: 14, value: (r) => r.c.Probability },
  { header: 'Limită de credit sugerată', kind: 'money', width: 18, value: (r) => r.c.CreditLimit },
];

export async function exportComparison(cuis: readonly number[], format: ExportFormat): Promise<Response> {
  const companies = await getComparison(cuis);
  const rows: Row[] = companies.flatMap((c): Row[] => (c.Years.length ? c.Years.map((y) => ({ c, y })) : [{ c, y: null }]));
  async function* batches() {
    yield rows;
  }
  return exportResponse({ sheetName: 'Comparație', columns: COLUMNS, batches: batches() }, format, exportFileName('comparatie-firme', format), async () => {});
}
