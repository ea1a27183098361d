// The route table of the app read from the file system (every app/**/page.tsx and
// app/api/**/route.ts), and fast-check generators of hostile input for it. The fuzz tests walk this
// table, so a route added later is fuzzed without anyone editing a list.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';

export const APP_DIR = path.resolve(__dirname, '../../app');

type Segment = { kind: 'static'; text: string } | { kind: 'param' | 'catchAll' | 'optionalCatchAll'; name: string };

export type RouteEntry = {
  /** file path relative to app/, e.g. 'api/Company/getDetails/[cui]/route.ts' */
  file: string;
  type: 'page' | 'api';
  segments: Segment[];
  /** HTTP methods the route file exports (pages: GET) */
  methods: string[];
};

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/^(page|route)\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

function toSegment(part: string): Segment | null {
  if (/^\(.*\)$/.test(part) || part.startsWith('@')) return null; // route groups and slots add nothing to the URL
  let m = /^\[\[\.\.\.(.+)\]\]$/.exec(part);
  if (m) return { kind: 'optionalCatchAll', name: m[1] };
  m = /^\[\.\.\.(.+)\]$/.exec(part);
  if (m) return { kind: 'catchAll', name: m[1] };
  m = /^\[(.+)\]$/.exec(part);
  if (m) return { kind: 'param', name: m[1] };
  return { kind: 'static', text: part };
}

export function readRouteTable(): RouteEntry[] {
  return walk(APP_DIR)
    .map((full) => {
      const file = path.relative(APP_DIR, full).split(path.sep).join('/');
      const parts = file.split('/').slice(0, -1);
      const segments = parts.map(toSegment).filter((s): s is Segment => s !== null);
      const isApi = path.basename(full).startsWith('route');
      const source = readFileSync(full, 'utf8');
      const methods = isApi
        ? METHODS.filter((m) => new RegExp(`export (const|async function|function) ${m}\\b|export \\{[^}]*\\b(as )?${m}\\b`).test(source))
        : ['GET'];
      return { file, type: isApi ? ('api' as const) : ('page' as const), segments, methods };
    })
    .filter((r) => r.methods.length > 0);
}

/** Query keys the routes read (in any case: the API aligns keys ignoring case), plus junk. */
export const QUERY_KEYS = [
  'searchText', 'SearchText', 'cui', 'Cui', 'page', 'pageNumber', 'pageSize', 'top', 'year', 'type', 'orderBy',
  'location', 'ordine', 'q', 'token', 'rememberMe', 'caenCode', 'countyId', 'id', 'sort', 'filter',
  'OrderBy', 'companyGroupId', 'GroupId', 'UserId', 'userId',
];

/** Path segments as typed by a hostile client: raw text (the URL is built as typed, unescaped). */
export const hostileSegment = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom('%', '%%', '%E', '%ZZ', '%ED%A0%80', '%C3', '%C3%28', '%E0%A4%A', '%00', 'a%00b', '%FF%FE', '%2F', '%5C', '%252F'),
    fc.constantFrom('..', '.', '0', '-1', '99999999999999999999', '1e308', 'NaN', 'null', 'undefined', "' OR 1=1 --", '<script>', '[]', '{}'),
    fc.integer({ min: -5, max: 100_000_000 }).map(String),
    fc.string({ unit: 'grapheme', maxLength: 12 }).map(encodeURIComponent),
    fc.string({ unit: 'binary', maxLength: 12 }).map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '')) || 'x'),
    fc.string({ unit: fc.constantFrom('%', 'a', '0', 'E', 'D', '/', 'ș', ' ', '.'), maxLength: 10 }).map((s) => s.replace(/[/ ]/g, (c) => encodeURIComponent(c)) || 'x'),
  );

/** A hostile query value, raw (already percent-encoded or malformed). */
const hostileValue = (): fc.Arbitrary<string> =>
  fc.oneof(
    hostileSegment(),
    fc.constantFrom('', 'sc', 'SC', 's.c.', 'srl', 'sa', '%', '_', '\\', 'nul%00byte', '%00', "'", '"', ';--', 'true', '-0', '0x10', '2147483648', 'ro', 'RO%20'),
    fc.string({ unit: 'grapheme-ascii', maxLength: 20 }).map(encodeURIComponent),
  );

export const hostileQuery = (): fc.Arbitrary<string> =>
  fc
    .array(fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...QUERY_KEYS) }, { weight: 1, arbitrary: hostileSegment() }), hostileValue()), { maxLength: 3 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

/** Sharp values each query key and body field is tried with, one at a time (a wrong value elsewhere would stop at validation). */
export const SHARP_VALUES = ['a\u0000b', 'sc', 's.c.', '%', '\uFFFD', '99999999999999999999', '-1', '', '2147483648', 'constructor', '__proto__'];

/** A JSON body: an object of the usual keys with hostile values of any JSON type. */
export const hostileBody = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.dictionary(
      fc.oneof(fc.constantFrom('Email', 'Password', 'UserName', 'Name', 'Message', 'Cui', 'Token', 'Page', 'PageSize', 'Year', 'SearchText'), fc.string({ maxLength: 8 })),
      fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant('a\u0000b'), fc.array(fc.string(), { maxLength: 3 })),
      { maxKeys: 5 },
    ),
    fc.jsonValue({ maxDepth: 2 }),
  );

// Issue 23: ids beyond the 32-bit range, keys every object inherits (taken for a sort column or an
// alias), and 10 KB queries (echoed by a redirect). Only such values, so that a signed-in Admin
// can send them to every route and method without touching a real row.
const BIG_IDS = ['2147483648', '-2147483649', '4294967296', '99999999999', '9007199254740993', '1e20', '99999999999999999999'];
const PROTOTYPE_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', 'constructor_desc', '__proto___desc', 'toString_desc'];
const LONG_VALUE = 'a'.repeat(10_240);
const ID_KEYS = [
  'id', 'Id', 'cui', 'Cui', 'companyGroupId', 'CompanyGroupId', 'groupId', 'GroupId', 'userId', 'UserId', 'mailId', 'MailId', 'templateId',
  'RoleId', 'GroupedMailId', 'MailTemplateId', 'requestCompanyId', 'CompanyCui', 'CompanyId', 'commentId', 'CommentId',
];
const SORT_KEYS = ['OrderBy', 'orderBy', 'sort', 'ordine', 'metric', 'type'];

/** A path segment of the edge kind: a big id or an inherited key. */
export const edgeSegment = (): fc.Arbitrary<string> => fc.constantFrom(...BIG_IDS, ...PROTOTYPE_KEYS);

/** A query of edge values: ids beyond 32 bits, inherited keys as sort values or as names, a 10 KB value. */
export const edgeQuery = (): fc.Arbitrary<string> =>
  fc
    .array(
      fc.oneof(
        fc.tuple(fc.constantFrom(...ID_KEYS), fc.constantFrom(...BIG_IDS)),
        fc.tuple(fc.constantFrom(...SORT_KEYS, ...QUERY_KEYS), fc.constantFrom(...PROTOTYPE_KEYS)),
        fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.constantFrom('1', 'x', 'Name')),
        fc.tuple(fc.constantFrom(...QUERY_KEYS, 'x'), fc.constant(LONG_VALUE)),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`);

/** A JSON body of edge values (an own "__proto__" key included: Object.fromEntries defines it). */
export const edgeBody = (): fc.Arbitrary<unknown> =>
  fc
    .array(
      fc.tuple(
        fc.constantFrom(...ID_KEYS, ...SORT_KEYS, '__proto__', 'constructor', 'GroupIds', 'CompanyIds', 'UserIds', 'Ids'),
        fc.oneof(
          fc.constantFrom(...BIG_IDS.map(Number)),
          fc.constantFrom(...BIG_IDS),
          fc.constantFrom(...PROTOTYPE_KEYS),
          fc.constant([2147483648, 99999999999]),
          fc.constant({ constructor: 1, __proto__: { x: 1 } }),
          fc.constant(LONG_VALUE),
        ),
      ),
      { minLength: 1, maxLength: 5 },
    )
    .map((pairs) => Object.fromEntries(pairs));

/** The raw path of a route with each dynamic part filled by the given segment texts. */
export function fillPath(route: RouteEntry, values: string[]): string {
  let i = 0;
  const parts: string[] = [];
  for (const s of route.segments) {
    if (s.kind === 'static') parts.push(s.text);
    else if (s.kind === 'param') parts.push(values[i++ % values.length] ?? 'x');
    else if (s.kind === 'catchAll') parts.push(values.slice(0, 2).join('/') || 'x');
    else parts.push(...values.slice(0, i++ % 3));
  }
  return `/${parts.join('/')}`;
}

/** Signs of a leaked stack trace or server internals in an answer. */
export const STACK_TRACE = /\n\s+at [\w.<>[\]]+ \(|\bat (async )?[\w.]+ \(\/|node_modules\/|\.next\/server|webpack-internal:|"stack"\s*:/;

/**
 * A failure: a 5xx or a stack trace. A 503 UNAVAILABLE is the deliberate answer of an endpoint
 * whose provider is not configured on this server (Google, Facebook sign-in), not a crash.
 */
export function isServerFailure(status: number, text: string): boolean {
  if (STACK_TRACE.test(text)) return true;
  if (status === 503 && /"Code":"UNAVAILABLE"/.test(text)) return false;
  return status >= 500;
}
