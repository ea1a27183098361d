// The credentials of a test call to the API: today the session's bearer token of the user; the API
// keys (issue 29, keys half) will make this an X-API-Key of a key the user owns.
import { issueSession } from '@/server/auth/tokens';

export async function authHeaders(user: { id: number } | null): Promise<Record<string, string>> {
  if (!user) return {};
  return { authorization: `Bearer ${(await issueSession(user.id)).AccessToken}` };
}
