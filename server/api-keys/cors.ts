// CORS of the public API (docs/decisions/067): off by default. A browser page may call /api/v1 with
// a key only from an origin the key lists. A preflight carries no key (browsers never send custom
// headers on it), so it is answered for an origin that some active key lists; the real request is
// then checked against its own key's origins.
import 'server-only';
import { sql } from '../kernel/db';
import { env } from '../kernel/env';
import { activeUserSql } from '../auth/policy';
import { forbidden } from '../kernel/errors';

const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
const ALLOWED_HEADERS = 'X-API-Key, Authorization, Content-Type';
const EXPOSED_HEADERS = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Retry-After';
/** Seconds a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE = 600;

const CORS_TEXT = { originRefused: 'Originea cererii nu este permisă pentru această cheie API.' } as const;

const ownOrigin = () => new URL(env.APP_URL).origin.toLowerCase();

/** The CORS headers of a keyed request's answer; throws 403 when the request's origin is not one of the key's. */
export function corsHeadersFor(req: Request, allowedOrigins: readonly string[]): Record<string, string> {
  const origin = req.headers.get('origin')?.toLowerCase();
  if (!origin || origin === ownOrigin()) return {};
  if (!allowedOrigins.includes(origin)) throw forbidden(CORS_TEXT.originRefused);
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSED_HEADERS, vary: 'Origin' };
}

/** Whether some active key of an active user lists this origin. */
async function isOriginOfSomeKey(origin: string): Promise<boolean> {
  const rows = await sql(
    `SELECT 1 FROM api_key k JOIN app_user u ON u.id = k.user_id
      WHERE k.revoked_at IS NULL AND $1 = ANY(k.allowed_origins) AND ${activeUserSql('u')} LIMIT 1`,
    [origin],
  );
  return rows.length > 0;
}

/** The answer to an OPTIONS preflight of /api/v1: 204, with the allow headers only for a listed origin. */
export async function preflightAnswer(req: Request): Promise<Response> {
  const origin = req.headers.get('origin')?.toLowerCase();
  const headers: Record<string, string> = { vary: 'Origin' };
  if (origin && origin.length <= 200 && (await isOriginOfSomeKey(origin))) {
    Object.assign(headers, {
      'access-control-allow-origin': origin,
      'access-control-allow-methods': ALLOWED_METHODS,
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': String(PREFLIGHT_MAX_AGE),
    });
  }
  return new Response(null, { status: 204, headers });
}
