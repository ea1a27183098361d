import { z } from 'zod';
import { EMAIL_REGEX } from '../email';

// In the browser, zod must not probe `new Function` for its faster object parser: the pages'
// Content-Security-Policy refuses eval, and the refused probe is reported as a violation (issue 23,
// docs/decisions/033-security-headers.md). Every form schema imports this module, so the setting
// is in place before the first parse. The server keeps the faster parser.
if (typeof window !== 'undefined') z.config({ jitless: true });

// Shared form messages, word for word.
export const MESSAGES = {
  required: 'Acest câmp este necesar.',
  email: 'Acest câmp trebuie să fie un e-mail valid.',
  minLength: (n: number) => `Acest câmp trebuie să fie mai mare de ${n} caractere.`,
  maxLength: (n: number) => `Acest câmp trebuie să fie mai mic de ${n} de caractere.`,
} as const;

export { EMAIL_REGEX, isEmailLike } from '../email';

// The messages refer to "this field", so one wording serves every required field; a
// form that has its own wording (register password, leave-a-message) passes it in.

type TextRule = readonly [test: (value: string) => boolean, message: string];

/**
 * A trimmed string checked against rules in order; only the first failing rule is
 * reported. One check instead of chained `abort: true` checks on purpose: an explicitly
 * aborted field would also stop object-level refinements (password confirmation, contact
 * row rules) from running, and those must show together with field errors.
 */
export function textWithRules(rules: ReadonlyArray<TextRule>, typeMessage: string = MESSAGES.required) {
  return z
    .string({ error: typeMessage })
    .trim()
    .superRefine((value, ctx) => {
      const failed = rules.find(([test]) => !test(value));
      if (failed) ctx.addIssue({ code: 'custom', message: failed[1], input: value });
    });
}

function lengthRules(options: { min?: number; max?: number }): TextRule[] {
  const rules: TextRule[] = [];
  const { min, max } = options;
  if (min !== undefined && min > 1) rules.push([(v) => v.length >= min, MESSAGES.minLength(min)]);
  if (max !== undefined) rules.push([(v) => v.length <= max, MESSAGES.maxLength(max)]);
  return rules;
}

/** Trimmed string, required (empty or blank -> `requiredMessage`), with optional length bounds. */
export function requiredString(options: { min?: number; max?: number; requiredMessage?: string } = {}) {
  const required = options.requiredMessage ?? MESSAGES.required;
  return textWithRules([[(v) => v.length > 0, required], ...lengthRules(options)], required);
}

/**
 * Optional free text: '' (an untouched input) is allowed; undefined and null become ''.
 * Trimmed, with an optional maximum length. No preprocess, so the form's input type stays
 * `string | null | undefined` for react-hook-form.
 */
export function optionalString(options: { max?: number } = {}) {
  return textWithRules(lengthRules({ max: options.max }))
    .nullish()
    .transform((v) => v ?? '');
}

/** Required, valid email: empty -> required message, malformed -> email message. */
export function requiredEmail(options: { max?: number; requiredMessage?: string } = {}) {
  const required = options.requiredMessage ?? MESSAGES.required;
  return textWithRules(
    [[(v) => v.length > 0, required], [(v) => EMAIL_REGEX.test(v), MESSAGES.email], ...lengthRules({ max: options.max })],
    required,
  );
}

/** Optional email: empty passes , otherwise it must be valid. */
export function optionalEmail(options: { max?: number } = {}) {
  return textWithRules(
    [[(v) => v === '' || EMAIL_REGEX.test(v), MESSAGES.email], ...lengthRules({ max: options.max })],
    MESSAGES.email,
  )
    .nullish()
    .transform((v) => v ?? '');
}

// ---------------------------------------------------------------------------
// Row ids. Every id column is a PostgreSQL integer: a larger number cannot name a row, and sent to
// the database it is an error (a 500 before issue 23). Every id schema is one of these.

/** The largest value of a PostgreSQL integer column (ids, CUI). */
export const MAX_DB_ID = 2_147_483_647;

/** A row id from a query, a path or a body ('12' or 12): an integer 1..MAX_DB_ID. */
export const dbId = () => z.coerce.number().int().min(1).max(MAX_DB_ID);
/** An id in a JSON body where 0 means "new": an integer 0..MAX_DB_ID. */
export const dbIdOrNew = () => z.number().int().min(0).max(MAX_DB_ID);
/** An id a body may carry for a row elsewhere (a plain number, never coerced): 1..MAX_DB_ID. */
export const dbIdNumber = () => z.number().int().min(1).max(MAX_DB_ID);

// ---------------------------------------------------------------------------
// Query-string helpers (URLSearchParams values are strings; '' means "not given").

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/** Optional number from a query value: '' / missing -> null; '12' -> 12; 'abc' -> issue. */
export function queryNumber(options: { min?: number; max?: number; int?: boolean } = {}) {
  let inner = z.coerce.number();
  if (options.int) inner = inner.int();
  if (options.min !== undefined) inner = inner.min(options.min);
  if (options.max !== undefined) inner = inner.max(options.max);
  return z.preprocess(blankToUndefined, inner.optional()).transform((v) => v ?? null);
}

/** Number from a query value with a default when missing or ''. */
export function queryNumberWithDefault(defaultValue: number, options: { min?: number; max?: number; int?: boolean } = {}) {
  let inner = z.coerce.number();
  if (options.int) inner = inner.int();
  if (options.min !== undefined) inner = inner.min(options.min);
  if (options.max !== undefined) inner = inner.max(options.max);
  return z.preprocess(blankToUndefined, inner.optional()).transform((v) => v ?? defaultValue);
}

/**
 * Optional boolean from a query value: 'true' / 'false' (any case) or a real boolean;
 * '' / missing -> null ("all"); anything else -> issue.
 */
export function queryBoolean() {
  return z
    .preprocess((v) => {
      const value = blankToUndefined(v);
      if (typeof value === 'string') {
        const lower = value.trim().toLowerCase();
        if (lower === 'true') return true;
        if (lower === 'false') return false;
      }
      return value;
    }, z.boolean().optional())
    .transform((v) => v ?? null);
}

/** Optional trimmed text from a query value; missing -> ''. */
export function queryText(options: { max?: number } = {}) {
  let inner = z.string().trim();
  if (options.max !== undefined) inner = inner.max(options.max);
  return z.preprocess((v) => (v == null ? '' : v), inner);
}

/** Turns URLSearchParams (or Next's searchParams record) into a plain object for `schema.parse`. */
export function searchParamsToObject(
  params: URLSearchParams | Record<string, string | string[] | undefined>,
): Record<string, string> {
  const result: Record<string, string> = {};
  if (params instanceof URLSearchParams) {
    params.forEach((value, key) => {
      if (!(key in result)) result[key] = value;
    });
    return result;
  }
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    result[key] = Array.isArray(value) ? (value[0] ?? '') : value;
  }
  return result;
}
