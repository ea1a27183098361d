// Kept apart from lib/filters.ts (which builds zod schemas) so that client code needing only this
// rule (lib/company-rules.ts, on the company page) does not ship zod.

/**
 * A numeric filter input: no negatives (minimum 0), invalid values cleared.
 * '' / null / 'abc' / -5 -> null; employees must also be whole numbers.
 */
export function parseFilterNumber(value: unknown, options: { integer?: boolean } = {}): number | null {
  if (value == null) return null;
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    n = Number(trimmed);
  } else return null;
  if (!Number.isFinite(n) || n < 0) return null;
  if (options.integer && !Number.isInteger(n)) return null;
  return n;
}
