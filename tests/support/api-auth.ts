// The credentials of a test call to the API: the session's bearer token of the user, or an API key
// the user owns (issue 29: `X-API-Key`, created through the ApiKey endpoint, one per user, scope and
// run: a read-only key, or one with the write scope too).
import { issueSession } from '@/server/auth/tokens';
import { POST as createKey } from '@/app/api/ApiKey/create/route';

export async function authHeaders(user: { id: number } | null): Promise<Record<string, string>> {
  if (!user) return {};
  return { authorization: `Bearer ${(await issueSession(user.id)).AccessToken}` };
}

type KeyScope = 'read' | 'write';
const keys = new Map<string, Promise<{ id: number; secret: string }>>();

async function newKey(user: { id: number }, scope: KeyScope): Promise<{ id: number; secret: string }> {
  const res = await createKey(
    new Request('http://localhost:3000/api/ApiKey/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await authHeaders(user)) },
      body: JSON.stringify({ Name: 'Test de contract', Scopes: scope === 'write' ? ['read', 'write'] : ['read'] }),
    }),
    { params: Promise.resolve({}) },
  );
  if (res.status !== 200) throw new Error(`cheia API nu a fost creată: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { Key: { Id: number }; Secret: string };
  return { id: body.Key.Id, secret: body.Secret };
}

/** A key the user owns, read-only unless `write` is asked (made once per user, scope and run): its id and secret. */
export async function apiKeyOf(user: { id: number }, scope: KeyScope = 'read'): Promise<{ id: number; secret: string }> {
  const id = `${user.id}:${scope}`;
  if (!keys.has(id)) keys.set(id, newKey(user, scope));
  return keys.get(id)!;
}

/** `X-API-Key` of a key the user owns (read-only unless `write` is asked; made once per user and scope). */
export async function apiKeyHeaders(user: { id: number }, scope: KeyScope = 'read'): Promise<Record<string, string>> {
  return { 'x-api-key': (await apiKeyOf(user, scope)).secret };
}
