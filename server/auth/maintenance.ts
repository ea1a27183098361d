// Housekeeping of the account tables, run by the mail sender (cron) at most once an hour.
import 'server-only';
import { sql } from '../kernel/db';
import { purgeRateLimits } from '../kernel/rate-limit';

let lastRun = 0;

export async function purgeExpiredAuthData(force = false): Promise<void> {
  if (!force && Date.now() - lastRun < 3600_000) return;
  lastRun = Date.now();
  await purgeRateLimits();
  // Kept a week after expiry so a late reuse is still recognised as reuse, then dropped.
  await sql(`DELETE FROM refresh_token WHERE expires_at < now() - interval '7 days'`);
  await sql(`DELETE FROM password_reset_token WHERE expires_at < now() - interval '1 day'`);
}
