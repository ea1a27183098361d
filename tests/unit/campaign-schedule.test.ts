// Scheduling in Bucharest time (issue 28, decision 057): summer time, the skipped and the repeated
// hour, and the sending window's next opening.
import { bucharestToUtc, isInsideWindow, nextWindowOpen, utcToBucharestLocal, WORKDAYS_WINDOW } from '@/lib/sending/schedule';
import { scheduleFormSchema } from '@/lib/sending/schemas';

test('a Bucharest time is UTC+2 in winter and UTC+3 in summer', () => {
  expect(bucharestToUtc('2026-12-01T09:00')?.toISOString()).toBe('2026-12-01T07:00:00.000Z');
  expect(bucharestToUtc('2026-07-01T09:00')?.toISOString()).toBe('2026-07-01T06:00:00.000Z');
  expect(utcToBucharestLocal('2026-07-01T06:00:00.000Z')).toBe('2026-07-01T09:00');
});

test('the skipped hour of March does not exist; the repeated hour of October is its first occurrence', () => {
  expect(bucharestToUtc('2026-03-29T03:30')).toBeNull();
  expect(bucharestToUtc('2026-03-29T04:00')?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
  expect(bucharestToUtc('2026-03-29T02:59')?.toISOString()).toBe('2026-03-29T00:59:00.000Z');
  expect(bucharestToUtc('2026-10-25T03:30')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  expect(bucharestToUtc('2026-10-25T04:30')?.toISOString()).toBe('2026-10-25T02:30:00.000Z');
});

test('malformed or impossible dates are refused', () => {
  expect(bucharestToUtc('2026-02-30T10:00')).toBeNull();
  expect(bucharestToUtc('2026-01-01T24:00')).toBeNull();
  expect(bucharestToUtc('mâine')).toBeNull();
});

test('the weekday 9–17 window: inside stays, outside moves to the next opening (Bucharest time)', () => {
  const wed1000 = bucharestToUtc('2026-11-25T10:00')!;
  expect(isInsideWindow(wed1000, WORKDAYS_WINDOW)).toBe(true);
  expect(nextWindowOpen(wed1000, WORKDAYS_WINDOW)).toEqual(wed1000);
  expect(utcToBucharestLocal(nextWindowOpen(bucharestToUtc('2026-11-25T08:15')!, WORKDAYS_WINDOW))).toBe('2026-11-25T09:00');
  expect(utcToBucharestLocal(nextWindowOpen(bucharestToUtc('2026-11-25T17:00')!, WORKDAYS_WINDOW))).toBe('2026-11-26T09:00');
  // Friday evening and Saturday wait for Monday.
  expect(utcToBucharestLocal(nextWindowOpen(bucharestToUtc('2026-11-27T18:00')!, WORKDAYS_WINDOW))).toBe('2026-11-30T09:00');
  expect(utcToBucharestLocal(nextWindowOpen(bucharestToUtc('2026-11-28T11:00')!, WORKDAYS_WINDOW))).toBe('2026-11-30T09:00');
  // Across the change to winter time (Sunday 25 October 2026): Monday 09:00 is 07:00 UTC.
  expect(nextWindowOpen(bucharestToUtc('2026-10-24T12:00')!, WORKDAYS_WINDOW).toISOString()).toBe('2026-10-26T07:00:00.000Z');
});

test('the send dialog asks for a date and time only when the sending is scheduled', () => {
  expect(scheduleFormSchema.safeParse({ When: 'now', UseWindow: false }).success).toBe(true);
  const r = scheduleFormSchema.safeParse({ When: 'later', ScheduledAt: '', UseWindow: false });
  expect(r.error?.issues[0]).toMatchObject({ path: ['ScheduledAt'], message: 'Alegeți data și ora.' });
  expect(scheduleFormSchema.safeParse({ When: 'later', ScheduledAt: '2026-12-01T09:00', UseWindow: true }).success).toBe(true);
});
