// Local stand-ins of the documented subset of HubSpot's and Pipedrive's REST APIs that the CRM sync
// calls (server/crm/providers.ts), in memory, with their documented shapes and their refusals (a
// wrong token: 401; an upsert by a property that is not unique: 400), so a test sees what the CRM
// would hold: one company per CUI, or duplicates.
//
// OAuth (decision 109), when `oauth` is given: the authorisation page (HubSpot
// GET /oauth/authorize, Pipedrive GET /oauth/authorize) stands for a user who consents at once: it
// redirects to redirect_uri with a one-time code and the state; the token endpoint (HubSpot
// POST /oauth/v1/token with client_id and client_secret in the form, Pipedrive POST /oauth/token
// with HTTP Basic) checks the client, the redirect_uri and the PKCE verifier against the
// code_challenge (S256), and answers access_token, refresh_token and expires_in (Pipedrive also
// api_domain); grant_type=refresh_token gives a new access token. Issued tokens are accepted by the
// API like the private token.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

async function readText(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
async function readJson(req: http.IncomingMessage): Promise<Json> {
  const text = await readText(req);
  return text ? (JSON.parse(text) as Json) : {};
}

export type OAuthClient = { clientId: string; clientSecret: string };
type Grant = { redirectUri: string; challenge: string | null };

/** The OAuth side of a stand-in: codes it issued, tokens it accepts, how often it refreshed. */
class OAuthServer {
  codes = new Map<string, Grant>();
  refreshTokens = new Set<string>();
  refreshed = 0;
  /**
   * Hostile mode (decision 117): when above 0, every token answer carries this many more bytes,
   * streamed without a declared length, as a broken or hostile token endpoint might.
   */
  padAnswerBytes = 0;
  constructor(
    readonly client: OAuthClient,
    readonly tokens: Set<string>,
  ) {}

  authorize(url: URL, res: http.ServerResponse): void {
    const redirect = url.searchParams.get('redirect_uri');
    if (url.searchParams.get('client_id') !== this.client.clientId || !redirect) return send(res, 400, { error: 'invalid_client' });
    const code = randomBytes(12).toString('hex');
    const method = url.searchParams.get('code_challenge_method');
    if (url.searchParams.get('code_challenge') && method !== 'S256') return send(res, 400, { error: 'invalid_request' });
    this.codes.set(code, { redirectUri: redirect, challenge: url.searchParams.get('code_challenge') });
    const to = new URL(redirect);
    to.searchParams.set('code', code);
    to.searchParams.set('state', url.searchParams.get('state') ?? '');
    res.writeHead(302, { location: to.toString() }).end();
  }

  /** `basic`: the client's credentials as HTTP Basic (Pipedrive) rather than in the form (HubSpot). */
  async token(req: http.IncomingMessage, res: http.ServerResponse, basic: boolean, extra: Json = {}): Promise<void> {
    const form = new URLSearchParams(await readText(req));
    const [id, secret] = basic
      ? Buffer.from(String(req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8').split(':')
      : [form.get('client_id'), form.get('client_secret')];
    if (id !== this.client.clientId || secret !== this.client.clientSecret) return send(res, 401, { error: 'invalid_client' });
    if (form.get('grant_type') === 'refresh_token') {
      if (!this.refreshTokens.has(form.get('refresh_token') ?? '')) return send(res, 400, { error: 'invalid_grant' });
      this.refreshed++;
      return send(res, 200, this.issue(extra, form.get('refresh_token')!));
    }
    const grant = this.codes.get(form.get('code') ?? '');
    // One use only, and for the redirect_uri it was issued to.
    this.codes.delete(form.get('code') ?? '');
    if (form.get('grant_type') !== 'authorization_code' || !grant || grant.redirectUri !== form.get('redirect_uri')) return send(res, 400, { error: 'invalid_grant' });
    if (grant.challenge) {
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) return send(res, 400, { error: 'invalid_grant', error_description: 'PKCE' });
    }
    send(res, 200, this.issue(extra));
  }

  private issue(extra: Json, refresh = `rt-${randomBytes(12).toString('hex')}`): Json {
    const access = `at-${randomBytes(12).toString('hex')}`;
    this.tokens.add(access);
    this.refreshTokens.add(refresh);
    return { access_token: access, refresh_token: refresh, expires_in: 1800, token_type: 'bearer', ...extra, ...(this.padAnswerBytes > 0 ? { padding: 'x'.repeat(this.padAnswerBytes) } : {}) };
  }
}

const send = (res: http.ServerResponse, status: number, body: unknown): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export type StandIn = { url: string; close: () => Promise<void>; requests: string[] };

async function listen(handler: (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => Promise<void>, requests: string[], atPort = 0): Promise<StandIn> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(`${req.method} ${url.pathname}`);
    handler(req, res, url).catch((e: unknown) => send(res, 500, { message: String(e) }));
  });
  await new Promise<void>((resolve) => server.listen(atPort, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

export type HubSpotCompany = { id: string; properties: Record<string, string> };

export async function startHubSpot(
  token: string,
  opts: { oauth?: OAuthClient; port?: number } = {},
): Promise<StandIn & { companies: HubSpotCompany[]; properties: Map<string, Json>; oauth: OAuthServer | null; faults: { upsertsLeft: number; listPagesLeft: number } }> {
  const tokens = new Set([token]);
  // A CRM that fails half-way through a long push or pull: batch upserts past `upsertsLeft`, list
  // pages past `listPagesLeft` answer 503.
  const faults = { upsertsLeft: Number.POSITIVE_INFINITY, listPagesLeft: Number.POSITIVE_INFINITY };
  const oauth = opts.oauth ? new OAuthServer(opts.oauth, tokens) : null;
  const companies: HubSpotCompany[] = [];
  const properties = new Map<string, Json>([['name', { name: 'name' }], ['address', { name: 'address' }], ['annualrevenue', { name: 'annualrevenue' }], ['numberofemployees', { name: 'numberofemployees' }]]);
  let next = 1000;
  const requests: string[] = [];
  const standIn = await listen(async (req, res, url) => {
    if (oauth && req.method === 'GET' && url.pathname === '/oauth/authorize') return oauth.authorize(url, res);
    if (oauth && req.method === 'POST' && url.pathname === '/oauth/v1/token') return oauth.token(req, res, false);
    if (!tokens.has(String(req.headers.authorization ?? '').replace(/^Bearer /, ''))) return send(res, 401, { status: 'error', category: 'INVALID_AUTHENTICATION' });
    if (req.method === 'POST' && url.pathname === '/crm/v3/properties/companies') {
      const body = await readJson(req);
      if (properties.has(String(body.name))) return send(res, 409, { status: 'error', category: 'OBJECT_ALREADY_EXISTS' });
      properties.set(String(body.name), body);
      return send(res, 201, body);
    }
    if (req.method === 'POST' && url.pathname === '/crm/v3/objects/companies/batch/upsert') {
      if (faults.upsertsLeft-- <= 0) return send(res, 503, { status: 'error', message: 'Service unavailable' });
      const { inputs } = (await readJson(req)) as { inputs: Array<{ idProperty: string; id: string; properties: Record<string, string> }> };
      const results = [];
      for (const input of inputs) {
        if (properties.get(input.idProperty)?.hasUniqueValue !== true) return send(res, 400, { status: 'error', message: `${input.idProperty} is not a unique property` });
        for (const name of Object.keys(input.properties)) if (!properties.has(name)) return send(res, 400, { status: 'error', message: `Property ${name} does not exist` });
        const found = companies.find((c) => c.properties[input.idProperty] === input.id);
        if (found) {
          Object.assign(found.properties, input.properties);
          results.push({ ...found, new: false });
        } else {
          const created = { id: String(next++), properties: { ...input.properties, [input.idProperty]: input.id } };
          companies.push(created);
          results.push({ ...created, new: true });
        }
      }
      return send(res, 200, { status: 'COMPLETE', results });
    }
    if (req.method === 'GET' && url.pathname === '/crm/v3/objects/companies') {
      if (faults.listPagesLeft-- <= 0) return send(res, 503, { status: 'error', message: 'Service unavailable' });
      const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 10));
      const after = Number(url.searchParams.get('after') ?? 0);
      const wanted = (url.searchParams.get('properties') ?? '').split(',').filter(Boolean);
      const page = companies.slice(after, after + limit).map((c) => ({ id: c.id, properties: Object.fromEntries(wanted.map((p) => [p, c.properties[p] ?? null])) }));
      return send(res, 200, { results: page, ...(after + limit < companies.length ? { paging: { next: { after: String(after + limit) } } } : {}) });
    }
    send(res, 404, { status: 'error', message: 'not found' });
  }, requests, opts.port);
  return { ...standIn, companies, properties, oauth, faults };
}

export type PipedriveOrg = { id: number; name: string; address?: string; [key: string]: unknown };

export async function startPipedrive(
  token: string,
  opts: { oauth?: OAuthClient; port?: number } = {},
): Promise<StandIn & { orgs: PipedriveOrg[]; fields: Array<{ key: string; name: string }>; oauth: OAuthServer | null }> {
  const tokens = new Set<string>();
  const oauth = opts.oauth ? new OAuthServer(opts.oauth, tokens) : null;
  let self = '';
  const orgs: PipedriveOrg[] = [];
  const fields = [
    { key: 'name', name: 'Name' },
    { key: 'address', name: 'Address' },
  ];
  let next = 1;
  const requests: string[] = [];
  const customKeys = () => fields.filter((f) => /^[0-9a-f]{40}$/.test(f.key)).map((f) => f.key);
  const standIn = await listen(async (req, res, url) => {
    // The OAuth server and the API share the stand-in; api_domain (the company's API host) is the stand-in itself.
    if (oauth && req.method === 'GET' && url.pathname === '/oauth/authorize') return oauth.authorize(url, res);
    if (oauth && req.method === 'POST' && url.pathname === '/oauth/token') return oauth.token(req, res, true, { api_domain: self });
    // An API token in x-api-token, or an OAuth access token as a bearer.
    const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (req.headers['x-api-token'] !== token && !tokens.has(bearer)) return send(res, 401, { success: false, error: 'unauthorized access' });
    if (url.pathname === '/api/v1/organizationFields') {
      if (req.method === 'GET') return send(res, 200, { success: true, data: fields });
      const body = await readJson(req);
      const key = (Math.random().toString(16).slice(2) + '0'.repeat(40)).slice(0, 40);
      fields.push({ key, name: String(body.name) });
      return send(res, 201, { success: true, data: { key, name: body.name } });
    }
    if (req.method === 'GET' && url.pathname === '/api/v1/organizations/search') {
      const term = url.searchParams.get('term') ?? '';
      const exact = url.searchParams.get('exact_match') === 'true';
      const inCustom = url.searchParams.get('fields') === 'custom_fields';
      const items = orgs
        .filter((o) => (inCustom ? customKeys().some((k) => (exact ? String(o[k] ?? '') === term : String(o[k] ?? '').includes(term))) : o.name.includes(term)))
        .map((o) => ({ result_score: 1, item: { id: o.id, type: 'organization', name: o.name } }));
      return send(res, 200, { success: true, data: { items } });
    }
    if (req.method === 'POST' && url.pathname === '/api/v1/organizations') {
      const body = await readJson(req);
      const org = { ...body, id: next++, name: String(body.name) };
      orgs.push(org);
      return send(res, 201, { success: true, data: org });
    }
    const m = /^\/api\/v1\/organizations\/(\d+)$/.exec(url.pathname);
    if (req.method === 'PUT' && m) {
      const org = orgs.find((o) => o.id === Number(m[1]));
      if (!org) return send(res, 404, { success: false, error: 'Organization not found' });
      Object.assign(org, await readJson(req));
      return send(res, 200, { success: true, data: org });
    }
    if (req.method === 'GET' && url.pathname === '/api/v1/organizations') {
      const start = Number(url.searchParams.get('start') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const page = orgs.slice(start, start + limit);
      const more = start + limit < orgs.length;
      return send(res, 200, { success: true, data: page, additional_data: { pagination: { start, limit, more_items_in_collection: more, ...(more ? { next_start: start + limit } : {}) } } });
    }
    send(res, 404, { success: false, error: 'not found' });
  }, requests, opts.port);
  self = standIn.url;
  return { ...standIn, orgs, fields, oauth };
}
