// The email pattern without zod (lib/schemas/common.ts re-exports it): client code that only tests
// an address (lib/company-rules.ts) must not ship zod.

/**
 * The "common email pattern" used by the forms and by the mailto/tel link helper
 *. Deliberately simple: something@domain.tld, no spaces.
 */
export const EMAIL_REGEX = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export function isEmailLike(value: string | null | undefined): boolean {
  return value != null && EMAIL_REGEX.test(String(value).trim());
}
