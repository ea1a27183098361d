// The lines of the "Verificare fiscală" block (issue 48): what each ANAF answer means in words.
import { formatDate, formatDateTime, formatNumber } from '../format';
import type { FiscalBulkJobDto, FiscalCheckDto } from './types';

export type FiscalLine = { key: string; label: string; value: string; tone: 'good' | 'bad' | 'neutral' };

const since = (d: string | null) => (d ? ` din ${formatDate(d)}` : '');

/** The block's lines; none before a first good answer or for a CUI ANAF does not know. */
export function fiscalLines(c: FiscalCheckDto): FiscalLine[] {
  if (!c.CheckedAt || !c.Found) return [];
  return [
    {
      key: 'vat',
      label: 'Plătitor de TVA',
      value: c.VatPayer ? `Da${since(c.VatSince)}` : `Nu${c.VatEndedOn ? ` (înregistrare anulată la ${formatDate(c.VatEndedOn)})` : ''}`,
      tone: c.VatPayer ? 'good' : 'bad',
    },
    { key: 'cash', label: 'TVA la încasare', value: c.VatOnCash ? `Da${since(c.VatOnCashSince)}` : 'Nu', tone: 'neutral' },
    { key: 'split', label: 'TVA defalcat (split)', value: c.SplitVat ? `Da${since(c.SplitVatSince)}` : 'Nu', tone: 'neutral' },
    {
      key: 'inactive',
      label: 'Contribuabil inactiv',
      value: c.Inactive ? `Da${since(c.InactiveSince)}` : c.ReactivatedOn ? `Nu (reactivat la ${formatDate(c.ReactivatedOn)})` : 'Nu',
      tone: c.Inactive ? 'bad' : 'good',
    },
    { key: 'efactura', label: 'Registrul RO e-Factura', value: c.EFactura ? `Da${since(c.EFacturaSince)}` : 'Nu', tone: c.EFactura ? 'good' : 'neutral' },
  ];
}

/** "verificat la 29.11.2026 08:15" (Bucharest time). */
export const checkedAtText = (iso: string) => `verificat la ${formatDateTime(iso)}`;

/** What the block says besides the lines: never checked, not known to ANAF, a failed last attempt. */
export function fiscalNotice(c: FiscalCheckDto | null): string | null {
  if (!c || (!c.CheckedAt && !c.Error)) return 'Firma nu a fost verificată încă la ANAF; verificarea se face în fundal în scurt timp.';
  if (!c.CheckedAt && c.Error) return `Verificarea la ANAF nu a putut fi făcută: ${c.Error} Se reia automat.`;
  if (c.Error) return `Ultima încercare de verificare a eșuat (${c.Error}); sunt afișate datele verificării anterioare.`;
  if (c.Found === false) return 'ANAF nu are înregistrat acest CUI în registrul plătitorilor de TVA.';
  return null;
}

/** A bulk check's state in words (/Verificari-fiscale). */
export const BULK_STATUS_LABELS: Record<FiscalBulkJobDto['Status'], string> = {
  queued: 'În așteptare',
  running: 'În curs',
  done: 'Terminată',
  failed: 'Eșuată',
};

/** Whether the worker still has companies of the job to check. */
export const isBulkJobOpen = (j: Pick<FiscalBulkJobDto, 'Status'>) => j.Status === 'queued' || j.Status === 'running';

/** The share of the job's companies handled (checked or failed), 0..100, whole. */
export function bulkProgress(j: Pick<FiscalBulkJobDto, 'Total' | 'Done' | 'Failed' | 'Status'>): number {
  if (j.Status === 'done') return 100;
  return j.Total > 0 ? Math.min(100, Math.floor(((j.Done + j.Failed) * 100) / j.Total)) : 0;
}

/**
 * The least time a job of `total` companies takes in the deployment's one ANAF rate: one call of
 * `perCall` CUIs per `intervalSeconds` (after each answer), so never less than calls × interval.
 */
export function bulkDurationText(total: number, perCall = 100, intervalSeconds = 1): string {
  const seconds = Math.ceil(total / perCall) * intervalSeconds;
  return seconds < 60 ? `cel puțin ${formatNumber(Math.max(1, Math.round(seconds)))} s` : `cel puțin ${formatNumber(Math.ceil(seconds / 60))} min`;
}

/** "1.234 din 10.000 verificate · 12 nereușite" */
export function bulkProgressText(j: Pick<FiscalBulkJobDto, 'Total' | 'Done' | 'Failed'>): string {
  return `${formatNumber(j.Done)} din ${formatNumber(j.Total)} verificate${j.Failed ? ` · ${formatNumber(j.Failed)} nereușite` : ''}`;
}

/** How a court case was tied to the company, as the page says it (decision 108). */
export const COURT_MATCH_LABELS: Record<'cui' | 'name', string> = {
  cui: 'Potrivit după CUI: partea din dosar poartă codul fiscal al firmei.',
  name: 'Potrivit doar după denumire: poate fi al unei firme cu același nume.',
};

/** The budgets of ANAF's lists of debtors, as the block names them (decision 108). */
export const ARREARS_BUDGET_LABELS: Record<string, string> = {
  stat: 'Bugetul de stat',
  asigurari_sociale: 'Bugetul asigurărilor sociale de stat',
  sanatate: 'Fondul național unic de asigurări sociale de sănătate',
  somaj: 'Bugetul asigurărilor pentru șomaj',
};

/** The taxpayer category of a list, as its title says it. */
export const ARREARS_CATEGORY_LABELS: Record<string, string> = {
  mari: 'mari contribuabili',
  mijlocii: 'contribuabili mijlocii',
  mici: 'contribuabili mici',
  alte: 'alți contribuabili',
};
