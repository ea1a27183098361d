// The key's secret: 32 random bytes after "rfk_", shown once; the database keeps its SHA-256 only
// (a leaked table gives no usable key). SHA-256 without salt is enough for 256 random bits, and
// lets the lookup be one indexed equality (docs/decisions/066).
import 'server-only';
import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SHOWN_LENGTH } from '@/lib/api-keys/schemas';
import { sha256 } from '../auth/tokens';

export function newApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, API_KEY_SHOWN_LENGTH), hash: sha256(secret) };
}

export const hashApiKeySecret = (secret: string) => sha256(secret);

/**
 * The key a request presents: `X-API-Key: rfk_…`, or `Authorization: Bearer rfk_…`. Null when it
 * presents none (the caller is then a session or anonymous); a malformed X-API-Key is still "a key"
 * (and refused as invalid), never silently ignored.
 */
export function presentedApiKey(req: Request): string | null {
  const header = req.headers.get('x-api-key');
  if (header !== null) return header.trim();
  const bearer = req.headers.get('authorization')?.match(/^Bearer\s+(rfk_\S+)\s*$/i)?.[1];
  return bearer ?? null;
}
