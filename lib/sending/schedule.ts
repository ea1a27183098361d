// Scheduling rules of a sending (issue 28, decision 057), shared by the draft page and the server:
// a date and time typed in Romania's time (Europe/Bucharest, summer time handled) to an instant,
// and the optional sending window (e.g. weekdays 9–17) that pauses the queue outside its hours.
import { bucharestOffsetMinutes, toBucharestWallClock } from '../format';

/** ISO weekdays (1 Monday … 7 Sunday) and whole hours of Bucharest time, `FromHour` ≤ hour < `ToHour`. */
export type SendWindow = { Days: number[]; FromHour: number; ToHour: number };

export const WORKDAYS_WINDOW: SendWindow = { Days: [1, 2, 3, 4, 5], FromHour: 9, ToHour: 17 };

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * 'YYYY-MM-DDTHH:mm' in Bucharest time to the instant. A time that occurs twice (the last hour of
 * summer time in October) is its first occurrence; a time that does not exist (the skipped hour in
 * March) gives null, like a malformed one.
 */
export function bucharestToUtc(local: string): Date | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(naive);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  for (const offset of [180, 120]) {
    const utc = naive - offset * 60_000;
    if (bucharestOffsetMinutes(utc) === offset) return new Date(utc);
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant as 'YYYY-MM-DDTHH:mm' in Bucharest time (the value of a datetime-local field). */
export function utcToBucharestLocal(at: Date | string): string {
  const c = toBucharestWallClock(at instanceof Date ? at : new Date(at))!;
  return `${c.year}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}

function bucharestDay(at: Date): { y: number; m: number; d: number; weekday: number; hour: number } {
  const c = toBucharestWallClock(at)!;
  const dow = new Date(Date.UTC(c.year, c.month - 1, c.day)).getUTCDay();
  return { y: c.year, m: c.month, d: c.day, weekday: dow === 0 ? 7 : dow, hour: c.hour };
}

export function isInsideWindow(at: Date, w: SendWindow): boolean {
  const b = bucharestDay(at);
  return w.Days.includes(b.weekday) && b.hour >= w.FromHour && b.hour < w.ToHour;
}

/** `at` itself when inside the window, else the window's next opening (in Bucharest time). */
export function nextWindowOpen(at: Date, w: SendWindow): Date {
  if (isInsideWindow(at, w)) return at;
  const today = bucharestDay(at);
  for (let k = 0; k <= 7; k++) {
    const day = new Date(Date.UTC(today.y, today.m - 1, today.d + k));
    const dow = day.getUTCDay() === 0 ? 7 : day.getUTCDay();
    if (!w.Days.includes(dow)) continue;
    const open = bucharestToUtc(`${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}T${pad(w.FromHour)}:00`);
    if (open && open.getTime() > at.getTime()) return open;
  }
  return at;
}
