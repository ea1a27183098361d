// OAuth with the CRMs (issue 50, decision 109): the authorisation-code flow with state and PKCE
// (S256). The page asks for an authorisation address (startCrmOAuth): a random state and a PKCE
// verifier are kept for 10 minutes, bound to the signed-in user; the CRM sends the browser back
// to /api/Crm/oauthCallback with a code and the state, and the state alone names the user (the
// browser's bearer token does not travel on a redirect). A state is used once. The client id and
// secret are the instance's settings (HUBSPOT_CLIENT_ID/SECRET, PIPEDRIVE_CLIENT_ID/SECRET).
//
// Documented endpoints: HubSpot GET https://app.hubspot.com/oauth/authorize and
// POST https://api.hubapi.com/oauth/v1/token (client credentials in the form); Pipedrive
// GET https://oauth.pipedrive.com/oauth/authorize and POST https://oauth.pipedrive.com/oauth/token
// (client credentials as HTTP Basic; the answer's api_domain is the company's API host).
import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { CrmProvider } from '@/lib/crm/schemas';
import type { Actor } from '../auth/actor';
import { sql } from '../kernel/db';
import { env } from '../kernel/env';
import { badRequest } from '../kernel/errors';
import { clockNow, nowSql } from '../kernel/clock';
import { readBoundedText, ResponseTooLargeError } from '../kernel/bounded-response';
import { CrmError } from './providers';

/** How long the CRM's consent page may take: the state expires after this. */
const STATE_MINUTES = 10;
/**
 * A token answer is a few hundred bytes; past this the answer is broken or hostile and is refused
 * (read as a stream and abandoned, decision 117), so nothing of it is kept.
 */
const TOKEN_ANSWER_MAX_BYTES = 64 * 1024;
const HUBSPOT_SCOPES = 'crm.objects.companies.read crm.objects.companies.write crm.schemas.companies.read crm.schemas.companies.write';

type Client = { id: string; secret: string };

function clientOf(provider: CrmProvider): Client | null {
  const [id, secret] = provider === 'hubspot' ? [env.HUBSPOT_CLIENT_ID, env.HUBSPOT_CLIENT_SECRET] : [env.PIPEDRIVE_CLIENT_ID, env.PIPEDRIVE_CLIENT_SECRET];
  return id && secret ? { id, secret } : null;
}

/** The CRMs this instance can connect by OAuth (their client id and secret are set). */
export const oauthProviders = (): CrmProvider[] => (['hubspot', 'pipedrive'] as const).filter((p) => clientOf(p) !== null);

const oauthRedirectUri = () => `${env.APP_URL.replace(/\/$/, '')}/api/Crm/oauthCallback`;

/** PKCE (RFC 7636): a verifier of 43 characters and its S256 challenge. */
export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** POST /api/Crm/startOAuth: the CRM's consent page for this user, with a fresh state. */
export async function startCrmOAuth(actor: Actor, input: { Provider: CrmProvider }): Promise<{ Url: string }> {
  const client = clientOf(input.Provider);
  if (!client) throw badRequest('Conectarea prin OAuth nu este configurată pentru acest CRM; folosiți un token privat.');
  const state = randomBytes(24).toString('base64url');
  const { verifier, challenge } = createPkcePair();
  // A user's abandoned attempts go when they start another.
  await sql(`DELETE FROM crm_oauth_state WHERE user_id = $1 AND created_at < ${nowSql()} - make_interval(mins => ${STATE_MINUTES})`, [actor.userId]);
  await sql(`INSERT INTO crm_oauth_state (state, user_id, provider, code_verifier, created_at) VALUES ($1, $2, $3, $4, ${nowSql()})`, [state, actor.userId, input.Provider, verifier]);
  const url = new URL(input.Provider === 'hubspot' ? env.HUBSPOT_AUTHORIZE_URL : `${env.PIPEDRIVE_OAUTH_URL.replace(/\/$/, '')}/oauth/authorize`);
  url.searchParams.set('client_id', client.id);
  url.searchParams.set('redirect_uri', oauthRedirectUri());
  url.searchParams.set('response_type', 'code');
  if (input.Provider === 'hubspot') url.searchParams.set('scope', HUBSPOT_SCOPES);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return { Url: url.toString() };
}

/** The state's user, CRM and verifier, once: the row is deleted as it is read. Null when unknown or expired. */
export async function takeOAuthState(state: string): Promise<{ userId: number; provider: CrmProvider; verifier: string } | null> {
  const [row] = await sql<{ user_id: number; provider: CrmProvider; code_verifier: string; fresh: boolean }>(
    `DELETE FROM crm_oauth_state WHERE state = $1
     RETURNING user_id, provider, code_verifier, created_at > ${nowSql()} - make_interval(mins => ${STATE_MINUTES}) AS fresh`,
    [state],
  );
  return row?.fresh ? { userId: row.user_id, provider: row.provider, verifier: row.code_verifier } : null;
}

export type OAuthTokens = { accessToken: string; refreshToken: string | null; expiresAt: Date | null; apiBase?: string };

/** The token endpoint: a code (with its PKCE verifier) or a refresh token for an access token. */
export async function requestOAuthTokens(provider: CrmProvider, grant: { code: string; verifier: string } | { refreshToken: string }): Promise<OAuthTokens> {
  const client = clientOf(provider);
  if (!client) throw new CrmError('Conectarea prin OAuth nu mai este configurată pentru acest CRM.');
  const form = new URLSearchParams(
    'code' in grant
      ? { grant_type: 'authorization_code', code: grant.code, redirect_uri: oauthRedirectUri(), code_verifier: grant.verifier }
      : { grant_type: 'refresh_token', refresh_token: grant.refreshToken },
  );
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  let url: string;
  if (provider === 'hubspot') {
    form.set('client_id', client.id);
    form.set('client_secret', client.secret);
    url = `${env.HUBSPOT_API_URL.replace(/\/$/, '')}/oauth/v1/token`;
  } else {
    headers.authorization = `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;
    url = `${env.PIPEDRIVE_OAUTH_URL.replace(/\/$/, '')}/oauth/token`;
  }
  const res = await fetch(url, { method: 'POST', headers, body: form.toString(), redirect: 'error', signal: AbortSignal.timeout(15_000) }).catch((e: unknown) => {
    throw new CrmError(`CRM-ul nu răspunde: ${e instanceof Error ? e.message : String(e)}`);
  });
  const text = await readBoundedText(res, TOKEN_ANSWER_MAX_BYTES).catch((e: unknown) => {
    if (e instanceof ResponseTooLargeError) throw new CrmError('CRM-ul a trimis un răspuns de autorizare prea mare (peste 64 KiB); conexiunea nu a fost salvată.', res.status);
    throw new CrmError(`CRM-ul nu a trimis un răspuns de autorizare complet: ${e instanceof Error ? e.message : String(e)}`, res.status);
  });
  if (!res.ok) throw new CrmError(`CRM-ul a refuzat autorizarea (${res.status}). Încercați din nou.`, res.status);
  let body: { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown; api_domain?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new CrmError('CRM-ul a răspuns cu un conținut care nu este JSON.', res.status);
  }
  if (typeof body.access_token !== 'string' || !body.access_token) throw new CrmError('CRM-ul nu a trimis un token de acces.');
  const expiresIn = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(clockNow().getTime() + expiresIn * 1000) : null,
    apiBase: provider === 'pipedrive' ? apiDomainOf(body.api_domain) : undefined,
  };
}

/** Pipedrive's api_domain: an https address (any http one outside production, for the stand-in), else the default host. */
function apiDomainOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const u = new URL(value);
    if (u.protocol === 'https:' || (env.NODE_ENV !== 'production' && u.protocol === 'http:')) return u.origin;
  } catch {
    // not an address: the default host is used
  }
  return undefined;
}
