// Resolves the caller from a bearer access token (HS256 JWT signed with AUTH_SECRET). The auth
// module (token issue, refresh, cookies for server-rendered pages) builds on this.
import { jwtVerify } from 'jose';
import { authSecret } from '../env';
import type { Actor, Role } from './actor';
import { sql } from '../db';

export const ACCESS_COOKIE = 'rf_at';

const key = () => new TextEncoder().encode(authSecret());

export async function verifyAccessToken(token: string): Promise<Actor | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId)) return null;
    // A blocked or deleted user loses access at once, not when the token expires.
    const rows = await sql<{ user_name: string; role: string; is_blocked: boolean; is_deleted: boolean }>(
      `SELECT u.user_name, r.name AS role, u.is_blocked, u.is_deleted FROM app_user u JOIN role r ON r.id = u.role_id WHERE u.id = $1`,
      [userId],
    );
    const u = rows[0];
    if (!u || u.is_blocked || u.is_deleted) return null;
    return { userId, userName: u.user_name, roles: [u.role as Role] };
  } catch {
    return null;
  }
}

function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

export async function resolveActor(req: Request): Promise<Actor | null> {
  const auth = req.headers.get('authorization');
  const bearer = auth?.match(/^Bearer\s+(.+)$/i)?.[1];
  const token = bearer ?? cookieValue(req.headers.get('cookie'), ACCESS_COOKIE);
  if (!token) return null;
  return verifyAccessToken(token);
}
