// The lines of the "Verificare fiscală" block (issue 48): what each ANAF answer means in words.
import { formatDate, formatDateTime } from '../format';
import type { FiscalCheckDto } from './types';

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
