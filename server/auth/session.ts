// Who is calling.
// - API routes: only the bearer access token (Authorization header). The API never reads a cookie,
//   so a cross-site form cannot act for a signed-in user (no CSRF surface).
// - Server-rendered pages (the route guard in proxy.ts and guarded layouts): the `rf_session`
//   cookie, an HttpOnly signed mirror of the session set by sign-in and refresh and cleared by
//   sign-out. It names the refresh-token family, and is honoured only while that family is alive
//   and the user is active and has the role: checked in the database on every guarded request.
import 'server-only';
import { activeUserSql } from './policy';
import { SignJWT, jwtVerify } from 'jose';
import { authSecret, env } from '../kernel/env';
import { sql } from '../kernel/db';
import type { Actor, Role } from './actor';
import { SESSION_AUDIENCE, TOKEN_ISSUER } from './config';
import { verifyAccessToken, type IssuedSession } from './tokens';

export const SESSION_COOKIE = 'rf_session';

const key = () => new TextEncoder().encode(authSecret());

export function bearerToken(req: Request): string | null {
  const auth = req.headers.get('authorization');
  return auth?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;
}

export async function resolveActor(req: Request): Promise<Actor | null> {
  const token = bearerToken(req);
  return token ? verifyAccessToken(token) : null;
}

export function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) {
      try {
        return decodeURIComponent(v.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

const secureCookies = () => env.APP_URL.startsWith('https://');

function cookie(name: string, value: string, maxAgeSeconds: number): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`];
  if (secureCookies()) parts.push('Secure');
  return parts.join('; ');
}

/** Set-Cookie value mirroring a session for server-rendered pages; lives as long as the refresh token. */
export async function sessionCookie(session: Pick<IssuedSession, 'userId' | 'familyId' | 'roles' | 'refreshExpiresAt'>): Promise<string> {
  const exp = Math.floor(session.refreshExpiresAt.getTime() / 1000);
  const jwt = await new SignJWT({ fam: session.familyId, roles: session.roles })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(session.userId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(SESSION_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(key());
  return cookie(SESSION_COOKIE, jwt, exp - Date.now() / 1000);
}

export const clearSessionCookie = () => cookie(SESSION_COOKIE, '', 0);

export async function readSessionCookie(value: string | null | undefined): Promise<{ userId: number; familyId: string } | null> {
  if (!value) return null;
  try {
    const { payload } = await jwtVerify<{ fam?: unknown }>(value, key(), {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: SESSION_AUDIENCE,
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.fam !== 'string') return null;
    return { userId, familyId: payload.fam };
  } catch {
    return null;
  }
}

/**
 * The signed-in user of a page request, from the session cookie: the family must still have a
 * live refresh token (not used, not revoked, not expired), and the user must be active.
 */
export async function actorFromSessionCookie(value: string | null | undefined): Promise<Actor | null> {
  const claims = await readSessionCookie(value);
  if (!claims) return null;
  const rows = await sql<{ user_name: string; role: string }>(
    `SELECT u.user_name, r.name AS role
       FROM app_user u JOIN role r ON r.id = u.role_id
      WHERE u.id = $1 AND ${activeUserSql('u')}
        AND EXISTS (SELECT 1 FROM refresh_token t
                     WHERE t.family_id = $2::uuid AND t.user_id = u.id
                       AND t.revoked_at IS NULL AND t.used_at IS NULL AND t.expires_at > now())`,
    [claims.userId, claims.familyId],
  );
  const u = rows[0];
  return u ? { userId: claims.userId, userName: u.user_name, roles: [u.role as Role] } : null;
}
