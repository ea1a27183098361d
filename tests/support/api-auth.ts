// The credentials of a test call to the API: the session's bearer token of the user, or an API key
// the user owns (issue 29: `X-API-Key`, created through the ApiKey endpoint, one per user and run).
import { issueSession } from '@/server/auth/tokens';
import { POST as createKey } from '@/app/api/ApiKey/create/route';

export async function authHeaders(user: { id: number } | null): Promise<Record<string, string>> {
  if (!user) return {};
  return { authorization: `Bearer ${(await issueSession(user.id)).AccessToken}` };
}

const keys = new Map<number, Promise<{ id: number; secret: string }>>();

async function newKey(user: { id: number }): Promise<{ id: number; secret: string }> {
  const res = await createKey(
    new Request('http://localhost:3000/api/ApiKey/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await authHeaders(user)) },
      body: JSON.stringify({ Name: 'Test de contract', Scopes: ['read'] }),
    }),
    { params: Promise.resolve({}) },
  );
  if (res.status !== 200) throw new Error(`cheia API nu a fost creată: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { Key: { Id: number }; Secret: string };
  return { id: body.Key.Id, secret: body.Secret };
}

/** A read-only key the user owns (made once per user and run): its id and secret. */
export async function apiKeyOf(user: { id: number }): Promise<{ id: number; secret: string }> {
  if (!keys.has(user.id)) keys.set(user.id, newKey(user));
  return keys.get(user.id)!;
}

/** `X-API-Key` of a read-only key the user owns (made once per user). */
export async function apiKeyHeaders(user: { id: number }): Promise<Record<string, string>> {
  return { 'x-api-key': (await apiKeyOf(user)).secret };
}
