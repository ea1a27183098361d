// Local stand-ins of the documented subset of HubSpot's and Pipedrive's REST APIs that the CRM sync
// calls (server/crm/providers.ts), in memory, with their documented shapes and their refusals (a
// wrong token: 401; an upsert by a property that is not unique: 400), so a test sees what the CRM
// would hold: one company per CUI, or duplicates.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

async function readJson(req: http.IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Json) : {};
}

const send = (res: http.ServerResponse, status: number, body: unknown): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export type StandIn = { url: string; close: () => Promise<void>; requests: string[] };

async function listen(handler: (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => Promise<void>, requests: string[]): Promise<StandIn> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(`${req.method} ${url.pathname}`);
    handler(req, res, url).catch((e: unknown) => send(res, 500, { message: String(e) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

export type HubSpotCompany = { id: string; properties: Record<string, string> };

export async function startHubSpot(token: string): Promise<StandIn & { companies: HubSpotCompany[]; properties: Map<string, Json> }> {
  const companies: HubSpotCompany[] = [];
  const properties = new Map<string, Json>([['name', { name: 'name' }], ['address', { name: 'address' }], ['annualrevenue', { name: 'annualrevenue' }], ['numberofemployees', { name: 'numberofemployees' }]]);
  let next = 1000;
  const requests: string[] = [];
  const standIn = await listen(async (req, res, url) => {
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, { status: 'error', category: 'INVALID_AUTHENTICATION' });
    if (req.method === 'POST' && url.pathname === '/crm/v3/properties/companies') {
      const body = await readJson(req);
      if (properties.has(String(body.name))) return send(res, 409, { status: 'error', category: 'OBJECT_ALREADY_EXISTS' });
      properties.set(String(body.name), body);
      return send(res, 201, body);
    }
    if (req.method === 'POST' && url.pathname === '/crm/v3/objects/companies/batch/upsert') {
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
      const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 10));
      const after = Number(url.searchParams.get('after') ?? 0);
      const wanted = (url.searchParams.get('properties') ?? '').split(',').filter(Boolean);
      const page = companies.slice(after, after + limit).map((c) => ({ id: c.id, properties: Object.fromEntries(wanted.map((p) => [p, c.properties[p] ?? null])) }));
      return send(res, 200, { results: page, ...(after + limit < companies.length ? { paging: { next: { after: String(after + limit) } } } : {}) });
    }
    send(res, 404, { status: 'error', message: 'not found' });
  }, requests);
  return { ...standIn, companies, properties };
}

export type PipedriveOrg = { id: number; name: string; address?: string; [key: string]: unknown };

export async function startPipedrive(token: string): Promise<StandIn & { orgs: PipedriveOrg[]; fields: Array<{ key: string; name: string }> }> {
  const orgs: PipedriveOrg[] = [];
  const fields = [
    { key: 'name', name: 'Name' },
    { key: 'address', name: 'Address' },
  ];
  let next = 1;
  const requests: string[] = [];
  const customKeys = () => fields.filter((f) => /^[0-9a-f]{40}$/.test(f.key)).map((f) => f.key);
  const standIn = await listen(async (req, res, url) => {
    if (req.headers['x-api-token'] !== token) return send(res, 401, { success: false, error: 'unauthorized access' });
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
  }, requests);
  return { ...standIn, orgs, fields };
}
