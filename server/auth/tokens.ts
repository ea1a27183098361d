// Access tokens (HS256 JWT, 15 min) and refresh tokens (random, stored as SHA-256, rotated on
// every use, grouped in families). A refresh token presented twice revokes its family; so does
// sign-out. Every access token names its family, so a revoked family stops its access tokens at
// once, not when they expire.
import 'server-only';
import { isUserActive, refusalFor, userStanding, userStateColumns, type UserStateRow } from './policy';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type pg from 'pg';
import { authSecret } from '../kernel/env';
import { sql } from '../kernel/db';
import { AppError } from '../kernel/errors';
import type { Actor, Role } from './actor';
import {
  ACCESS_AUDIENCE,
  ACCESS_TOKEN_TTL_SECONDS,
  AUTH_TEXT,
  REFRESH_TTL_LONG_SECONDS,
  REFRESH_TTL_SECONDS,
  sessionMaxAgeSeconds,
  TOKEN_ISSUER,
} from './config';
import { withTransaction } from '../kernel/tx';

type TokenPair = { AccessToken: string; RefreshToken: string };
export type IssuedSession = TokenPair & { userId: number; familyId: string; roles: Role[]; refreshExpiresAt: Date };

const key = () => new TextEncoder().encode(authSecret());

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newOpaqueToken = () => randomBytes(32).toString('base64url');

async function signAccessToken(userId: number, familyId: string): Promise<string> {
  return new SignJWT({ fam: familyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(ACCESS_AUDIENCE)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key());
}

type AccessClaims = JWTPayload & { sub: string; fam: string };

/** Signature, issuer and audience checked; `allowExpired` for sign-out and refresh, which only need to know whose token it is. */
export async function readAccessToken(token: string, { allowExpired = false } = {}): Promise<{ userId: number; familyId: string } | null> {
  try {
    const { payload } = await jwtVerify<AccessClaims>(token, key(), {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: ACCESS_AUDIENCE,
      // jose has no "ignore exp"; a tolerance of ten years does the same for these two callers.
      clockTolerance: allowExpired ? 10 * 365 * 24 * 3600 : 5,
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.fam !== 'string') return null;
    return { userId, familyId: payload.fam };
  } catch {
    return null;
  }
}

type UserState = UserStateRow & { user_name: string; role: string };

/** The caller of an API request: a valid access token of a live family of an active user. */
export async function verifyAccessToken(token: string): Promise<Actor | null> {
  const claims = await readAccessToken(token);
  if (!claims) return null;
  const rows = await sql<UserState & { live: boolean; must_change_password: boolean }>(
    `SELECT u.user_name, r.name AS role, ${userStateColumns('u')}, u.must_change_password,
            EXISTS (SELECT 1 FROM refresh_token t WHERE t.family_id = $2::uuid AND t.user_id = u.id AND t.revoked_at IS NULL) AS live
       FROM app_user u JOIN role r ON r.id = u.role_id
      WHERE u.id = $1`,
    [claims.userId, claims.familyId],
  );
  const u = rows[0];
  // A blocked or deleted user, or a signed-out / revoked session, loses access at once.
  if (!isUserActive(u) || !u.live) return null;
  return {
    userId: claims.userId,
    userName: u.user_name,
    roles: [u.role as Role],
    familyId: claims.familyId,
    ...(u.must_change_password ? { mustChangePassword: true } : {}),
  };
}

/**
 * A refresh token of a session that began at `startedAt` (now for a new session): it expires after
 * its window (12 h or 30 days) but never after the session's absolute lifetime.
 */
async function insertRefreshToken(db: pg.ClientBase, userId: number, familyId: string, longLived: boolean, startedAt: Date | null = null) {
  const token = newOpaqueToken();
  const ttl = longLived ? REFRESH_TTL_LONG_SECONDS : REFRESH_TTL_SECONDS;
  const res = await db.query<{ expires_at: Date }>(
    `INSERT INTO refresh_token (user_id, family_id, token_hash, long_lived, session_started_at, expires_at)
     SELECT $1, $2::uuid, $3, $4, s.started, LEAST(now() + make_interval(secs => $5), s.started + make_interval(secs => $7))
       FROM (SELECT COALESCE($6::timestamp, now()::timestamp(3)) AS started) s
     RETURNING expires_at`,
    [userId, familyId, sha256(token), longLived, ttl, startedAt, sessionMaxAgeSeconds()],
  );
  return { token, expiresAt: res.rows[0].expires_at };
}

async function roleOf(db: pg.ClientBase, userId: number): Promise<Role[]> {
  const res = await db.query<{ name: string }>(`SELECT r.name FROM app_user u JOIN role r ON r.id = u.role_id WHERE u.id = $1`, [userId]);
  return res.rows.map((r) => r.name as Role);
}

/** Starts a new session (a new refresh-token family) for a user who just proved who they are. */
export async function issueSession(userId: number, opts: { longLived?: boolean } = {}): Promise<IssuedSession> {
  return withTransaction(async (db) => {
    const familyId = randomUUID();
    const { token, expiresAt } = await insertRefreshToken(db, userId, familyId, !!opts.longLived);
    return {
      AccessToken: await signAccessToken(userId, familyId),
      RefreshToken: token,
      userId,
      familyId,
      roles: await roleOf(db, userId),
      refreshExpiresAt: expiresAt,
    };
  });
}

export async function revokeFamily(familyId: string, db?: pg.ClientBase): Promise<void> {
  const q = `UPDATE refresh_token SET revoked_at = now() WHERE family_id = $1::uuid AND revoked_at IS NULL`;
  if (db) await db.query(q, [familyId]);
  else await sql(q, [familyId]);
}

/** Ends every session of a user but one (a password change keeps the session that made it). */
export async function revokeOtherSessions(userId: number, keepFamilyId: string | undefined, db: pg.ClientBase): Promise<void> {
  await db.query(`UPDATE refresh_token SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND family_id IS DISTINCT FROM $2::uuid`, [
    userId,
    keepFamilyId ?? null,
  ]);
}

/** Ends every session of a user (password reset, blocking, account changes). */
export async function revokeAllSessions(userId: number, db?: pg.ClientBase): Promise<void> {
  const q = `UPDATE refresh_token SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`;
  if (db) await db.query(q, [userId]);
  else await sql(q, [userId]);
}

const unauthorized = (message: string = AUTH_TEXT.sessionInvalid) => new AppError('UNAUTHORIZED', message);

/**
 * Rotates a refresh token: the presented one is marked used and a new one of the same family is
 * issued. A token that was already used means it was copied: the whole family is revoked (the
 * revocation is committed even though the call fails).
 */
export async function rotateRefreshToken(input: { AccessToken: string; RefreshToken: string }): Promise<IssuedSession> {
  const outcome = await withTransaction(async (db) => {
    const found = await db.query<{
      id: number;
      user_id: number;
      family_id: string;
      long_lived: boolean;
      session_started_at: Date;
      expired: boolean;
      used_at: Date | null;
      revoked_at: Date | null;
    }>(
      // Past its absolute lifetime a session is over, even when the token's own window is not
      // (a token issued before SESSION_MAX_AGE_DAYS was lowered).
      `SELECT id, user_id, family_id, long_lived, session_started_at,
              expires_at <= now() OR session_started_at + make_interval(secs => $2) <= now() AS expired, used_at, revoked_at
         FROM refresh_token WHERE token_hash = $1 FOR UPDATE`,
      [sha256(input.RefreshToken), sessionMaxAgeSeconds()],
    );
    const row = found.rows[0];
    if (!row) return { error: unauthorized() } as const;
    if (row.used_at) {
      await revokeFamily(row.family_id, db);
      return { error: unauthorized(AUTH_TEXT.sessionRevoked) } as const;
    }
    if (row.revoked_at) return { error: unauthorized(AUTH_TEXT.sessionRevoked) } as const;
    if (row.expired) return { error: unauthorized() } as const;
    // The access token must be ours and name the same user (it may have expired: that is why
    // the client refreshes).
    const claims = await readAccessToken(input.AccessToken, { allowExpired: true });
    if (!claims || claims.userId !== row.user_id || claims.familyId !== row.family_id) return { error: unauthorized() } as const;
    const user = await db.query<UserState>(
      `SELECT u.user_name, r.name AS role, ${userStateColumns('u')} FROM app_user u JOIN role r ON r.id = u.role_id WHERE u.id = $1`,
      [row.user_id],
    );
    const u = user.rows[0];
    const refusal = refusalFor(userStanding(u));
    if (refusal) {
      await revokeFamily(row.family_id, db);
      return { error: refusal } as const;
    }
    await db.query(`UPDATE refresh_token SET used_at = now() WHERE id = $1`, [row.id]);
    const next = await insertRefreshToken(db, row.user_id, row.family_id, row.long_lived, row.session_started_at);
    return {
      session: {
        AccessToken: await signAccessToken(row.user_id, row.family_id),
        RefreshToken: next.token,
        userId: row.user_id,
        familyId: row.family_id,
        roles: [u.role as Role] as Role[],
        refreshExpiresAt: next.expiresAt,
      } satisfies IssuedSession,
    };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.session;
}

/** The family a refresh token belongs to (for sign-out with the token in the body). */
export async function familyOfRefreshToken(refreshToken: string): Promise<string | null> {
  const rows = await sql<{ family_id: string }>(`SELECT family_id FROM refresh_token WHERE token_hash = $1`, [sha256(refreshToken)]);
  return rows[0]?.family_id ?? null;
}
