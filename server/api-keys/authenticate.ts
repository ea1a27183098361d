// A request that presents an API key (docs/decisions/066, 067): the key is looked up by its hash on
// every request (no cache, so a revocation holds on every instance at once), acts as its owner
// while the owner may act, reaches only the offered surface within its scopes, from an allowed
// origin, and within its quotas. The route wrapper (server/http/route.ts) calls this before
// anything else; the answer's RateLimit and CORS headers ride on whatever the endpoint answers.
import 'server-only';
import { API_KEY_PREFIX } from '@/lib/api-keys/schemas';
import { scopeNeeded } from '@/lib/api-keys/surface';
import type { Actor, Role } from '../auth/actor';
import { userStanding, userStateColumns, type UserStateRow } from '../auth/policy';
import { sql } from '../kernel/db';
import { forbidden, unauthorized } from '../kernel/errors';
import type { SqlRunner } from '../kernel/rate-limit';
import { corsHeadersFor } from './cors';
import { quotaRefusal, takeKeyQuota } from './quota';
import { hashApiKeySecret, presentedApiKey } from './secret';

export const KEY_AUTH_TEXT = {
  invalid: 'Cheia API nu este validă sau a fost revocată.',
  notOffered: 'Cheia API nu are acces la acest endpoint: folosiți endpoint-urile API-ului public (/api/v1).',
  readOnly: 'Cheia API are doar drept de citire: cereți o cheie cu drept de scriere.',
  v1NeedsKey: 'API-ul public cere o cheie: trimiteți antetul X-API-Key.',
} as const;

export type KeyedCall = { actor: Actor; headers: Record<string, string> };

type KeyRow = {
  id: number;
  user_id: number;
  scopes: string[] | null;
  per_minute: number;
  per_day: number;
  allowed_origins: string[] | null;
  revoked: boolean;
  user_name: string;
  role: string;
  must_change_password: boolean;
} & UserStateRow;

/** The key and its owner, by the secret's hash; null for an unknown key. */
async function findKey(secret: string, run: SqlRunner): Promise<KeyRow | null> {
  const rows = await run<KeyRow>(
    `SELECT k.id, k.user_id, k.scopes, k.per_minute, k.per_day, k.allowed_origins, k.revoked_at IS NOT NULL AS revoked,
            u.user_name, r.name AS role, u.must_change_password, ${userStateColumns('u')}
       FROM api_key k JOIN app_user u ON u.id = k.user_id JOIN role r ON r.id = u.role_id
      WHERE k.secret_hash = $1`,
    [hashApiKeySecret(secret)],
  );
  return rows[0] ?? null;
}

/**
 * Null when the request presents no key. Otherwise the owner as actor and the headers of the
 * answer, or an AppError: 401 for an unknown, revoked or malformed key or an owner who may not act
 * (blocked or deleted), 403 for an endpoint outside the key's surface or scopes or a foreign
 * origin, 429 past a quota.
 */
export async function authorizeApiKeyCall(req: Request, endpoint: string, run: SqlRunner = sql): Promise<KeyedCall | null> {
  const secret = presentedApiKey(req);
  if (secret === null) return null;
  if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 200) throw unauthorized(KEY_AUTH_TEXT.invalid);
  const key = await findKey(secret, run);
  if (!key || key.revoked || userStanding(key) !== 'active') throw unauthorized(KEY_AUTH_TEXT.invalid);
  const scopes = key.scopes ?? [];
  const needed = scopeNeeded(endpoint);
  if (needed === null) throw forbidden(KEY_AUTH_TEXT.notOffered);
  if (!scopes.includes(needed)) throw forbidden(KEY_AUTH_TEXT.readOnly);
  const cors = corsHeadersFor(req, key.allowed_origins ?? []);
  const limits = { id: key.id, perMinute: key.per_minute, perDay: key.per_day };
  const quota = await takeKeyQuota(limits, run);
  if (!quota.allowed) throw quotaRefusal(limits, quota, cors);
  return {
    actor: {
      userId: key.user_id,
      userName: key.user_name,
      roles: [key.role as Role],
      mustChangePassword: key.must_change_password,
      apiKey: { id: key.id, scopes },
    },
    headers: { ...quota.headers, ...cors },
  };
}
