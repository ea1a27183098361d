// The results view's rows (issue 28): Romanian labels, counts and rates over the delivered.
import { formatRate, resultRows } from '@/lib/sending/results';

const counts = { Total: 1200, Queued: 0, Sent: 1000, Deferred: 3, Failed: 2, Suppressed: 5, Bounced: 12, Complaints: 1, Opened: 345, Clicked: 60, Unsubscribed: 4 };

test('each state has its label and count; the rated ones their rate over the delivered', () => {
  const rows = resultRows(counts, { Opened: 0.345, Clicked: 0.06, Bounced: 0.012, Unsubscribed: 0.004 });
  expect(rows.find((r) => r.key === 'Opened')).toEqual({ key: 'Opened', label: 'Deschise', count: '345', rate: '34,5%' });
  expect(rows.find((r) => r.key === 'Total')).toEqual({ key: 'Total', label: 'Mesaje', count: '1.200', rate: null });
  expect(rows.find((r) => r.key === 'Bounced')?.rate).toBe('1,2%');
  expect(rows.map((r) => r.key)).toEqual(['Total', 'Queued', 'Sent', 'Deferred', 'Failed', 'Bounced', 'Complaints', 'Opened', 'Clicked', 'Unsubscribed', 'Suppressed']);
});

test('before anything is delivered a rate reads "-"', () => {
  expect(formatRate(null)).toBe('-');
  expect(formatRate(0)).toBe('0,0%');
});
