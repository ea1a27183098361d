// Comparing a secret someone sent with ours (the cron secret, the metrics token, a webhook's
// credential) without telling them, through the time it takes, how much of it they got right:
// both sides are hashed first, so timingSafeEqual always compares 32 bytes and neither the
// content nor the length of ours leaks (decision 086).
import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

export function isSameSecret(given: string | null | undefined, expected: string | null | undefined): boolean {
  if (!expected || given == null) return false;
  return timingSafeEqual(digest(given), digest(expected));
}
