// The results view's rows (issue 28): each state of a sending with its Romanian label, its count
// and, for the states measured against the delivered messages, its rate.
import { formatNumber, formatPercent } from '../format';
import type { ResultCounts, ResultRates } from './types';

export type ResultRow = { key: keyof ResultCounts; label: string; count: string; rate: string | null };

/** Each state of the results, in the page's order (the export's columns too). */
export const RESULT_ROWS: { key: keyof ResultCounts; label: string; rate?: keyof ResultRates }[] = [
  { key: 'Total', label: 'Mesaje' },
  { key: 'Queued', label: 'În coadă' },
  { key: 'Sent', label: 'Trimise' },
  { key: 'Deferred', label: 'Amânate (se reîncearcă)' },
  { key: 'Failed', label: 'Eșuate' },
  { key: 'Bounced', label: 'Respinse', rate: 'Bounced' },
  { key: 'Complaints', label: 'Raportate ca spam' },
  { key: 'Opened', label: 'Deschise', rate: 'Opened' },
  { key: 'Clicked', label: 'Cu click pe un link', rate: 'Clicked' },
  { key: 'Unsubscribed', label: 'Dezabonați', rate: 'Unsubscribed' },
  { key: 'Suppressed', label: 'Omise (pe lista de excludere)' },
];

/** A rate 0..1 as "12,5%"; "-" before anything was delivered. */
export const formatRate = (r: number | null) => (r === null ? '-' : formatPercent(r * 100, 1));

export function resultRows(counts: ResultCounts, rates: ResultRates): ResultRow[] {
  return RESULT_ROWS.map((r) => ({
    key: r.key,
    label: r.label,
    count: formatNumber(counts[r.key]),
    rate: r.rate ? formatRate(rates[r.rate]) : null,
  }));
}
