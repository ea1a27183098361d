// The XLSX report of a bulk ANAF check (issue 48, decision 098), written by the one export writer.
import 'server-only';
import type { BulkReportRow } from '../fiscal/bulk';
import type { ExportColumn, ExportSheet } from './sheet';

const yesNo = (b: boolean | null | undefined) => (b === true ? 'Da' : b === false ? 'Nu' : '');
const day = (s: string | null | undefined) => (s ? new Date(`${s}T00:00:00Z`) : null);

const COLUMNS: ExportColumn<BulkReportRow>[] = [
  { header: 'CUI', kind: 'text', width: 12, value: (r) => String(r.cui) },
  { header: 'Denumire', kind: 'text', width: 40, value: (r) => r.name },
  { header: 'Găsită la ANAF', kind: 'text', width: 10, value: (r) => (r.check?.CheckedAt ? yesNo(r.check.Found) : '') },
  { header: 'Plătitor de TVA', kind: 'text', width: 10, value: (r) => yesNo(r.check?.VatPayer) },
  { header: 'TVA din', kind: 'date', width: 12, value: (r) => day(r.check?.VatSince) },
  { header: 'TVA anulat la', kind: 'date', width: 12, value: (r) => day(r.check?.VatEndedOn) },
  { header: 'TVA la încasare', kind: 'text', width: 10, value: (r) => yesNo(r.check?.VatOnCash) },
  { header: 'TVA defalcat', kind: 'text', width: 10, value: (r) => yesNo(r.check?.SplitVat) },
  { header: 'Inactiv', kind: 'text', width: 10, value: (r) => yesNo(r.check?.Inactive) },
  { header: 'Inactiv din', kind: 'date', width: 12, value: (r) => day(r.check?.InactiveSince) },
  { header: 'RO e-Factura', kind: 'text', width: 10, value: (r) => yesNo(r.check?.EFactura) },
  { header: 'e-Factura din', kind: 'date', width: 12, value: (r) => day(r.check?.EFacturaSince) },
  { header: 'Verificat la', kind: 'date', width: 12, value: (r) => (r.check?.CheckedAt ? new Date(r.check.CheckedAt) : null) },
  { header: 'Observații', kind: 'text', width: 40, value: (r) => (r.check?.Error ? `Verificare eșuată: ${r.check.Error}` : r.check?.CheckedAt ? '' : 'Neverificată încă') },
];

export function fiscalReportSheet(batches: AsyncIterable<BulkReportRow[]>): ExportSheet<BulkReportRow> {
  return { sheetName: 'Verificare ANAF', columns: COLUMNS, batches };
}
