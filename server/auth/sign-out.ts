// Sign-out revokes the session's refresh-token family, found from any of what the caller holds:
// the bearer access token (even expired: revoking is always safe), a RefreshToken in the body,
// or the page-session cookie. Its access tokens stop working at once (tokens.ts).
import 'server-only';
import { bearerToken, cookieValue, readSessionCookie, SESSION_COOKIE } from './session';
import { familyOfRefreshToken, readAccessToken, revokeFamily } from './tokens';

export async function signOut(req: Request, body: { RefreshToken?: string } | undefined): Promise<number> {
  const families = new Set<string>();
  const bearer = bearerToken(req);
  if (bearer) {
    const claims = await readAccessToken(bearer, { allowExpired: true });
    if (claims) families.add(claims.familyId);
  }
  if (body?.RefreshToken) {
    const fam = await familyOfRefreshToken(body.RefreshToken);
    if (fam) families.add(fam);
  }
  const cookie = await readSessionCookie(cookieValue(req.headers.get('cookie'), SESSION_COOKIE));
  if (cookie) families.add(cookie.familyId);
  for (const fam of families) await revokeFamily(fam);
  return families.size;
}
