// The CRMs' documented REST APIs, the subset the sync needs (issue 50, docs/decisions/097).
//
// HubSpot (private-app token, `Authorization: Bearer`): a unique company property `cui` is created
// once (POST /crm/v3/properties/companies; 409 when it exists); companies are written with
// POST /crm/v3/objects/companies/batch/upsert keyed by `idProperty: "cui"`, so a CUI is one
// company however often it is pushed; read with GET /crm/v3/objects/companies?properties=cui,name
// paged by `paging.next.after`.
//
// Pipedrive (API token, header `x-api-token`): a custom organization field "CUI" is created once
// (POST /api/v1/organizationFields) and its key kept; an organization is found by that field
// (GET /api/v1/organizations/search?term=&fields=custom_fields&exact_match=true), then updated
// (PUT /api/v1/organizations/{id}) or created (POST /api/v1/organizations); read with
// GET /api/v1/organizations paged by `additional_data.pagination.next_start`.
import 'server-only';
import type { CrmProvider } from '@/lib/crm/schemas';
import { env } from '../kernel/env';
import { readBoundedText } from '../kernel/bounded-response';

export type CrmCompanyData = { cui: number; name: string; address: string | null; caen: string | null; turnover: number | null; employees: number | null; profit: number | null; url: string };
export type CrmRecord = { crmId: string; cui: number; name: string };
export type Settings = Record<string, string>;
/**
 * How a request is authorised: the private token, or an OAuth access token (decision 109). A
 * Pipedrive OAuth connection talks to its company's own API host (the token answer's api_domain).
 */
export type CrmAuth = { token: string; oauth: boolean; apiBase?: string };

export class CrmError extends Error {
  constructor(message: string, readonly status: number | null = null) {
    super(message);
  }
}

const TIMEOUT_MS = 15_000;
const PAGE_MAX = 1000;

async function request<T>(base: string, path: string, init: { method?: string; headers: Record<string, string>; body?: unknown }, okStatuses: number[] = []): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base.replace(/\/$/, '')}${path}`, {
    method: init.method ?? 'GET',
    headers: { accept: 'application/json', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  }).catch((e: unknown) => {
    throw new CrmError(`CRM-ul nu răspunde: ${e instanceof Error ? e.message : String(e)}`);
  });
  const text = await readBoundedText(res, 4 * 1024 * 1024).catch((e: unknown) => {
    throw new CrmError(e instanceof Error ? e.message : String(e));
  });
  if (!res.ok && !okStatuses.includes(res.status)) {
    if (res.status === 401 || res.status === 403) throw new CrmError('CRM-ul a refuzat tokenul (verificați-l și drepturile lui).', res.status);
    throw new CrmError(`CRM-ul a răspuns ${res.status}: ${text.slice(0, 200)}`, res.status);
  }
  let body: T;
  try {
    body = (text ? JSON.parse(text) : {}) as T;
  } catch {
    throw new CrmError('CRM-ul a răspuns cu un conținut care nu este JSON.', res.status);
  }
  return { status: res.status, body };
}

export type CrmClient = {
  /** Once per connection: what the sync needs in the CRM (the CUI property or field). */
  prepare(auth: CrmAuth): Promise<Settings>;
  /** Writes the companies, keyed by CUI; `known` maps a CUI to the CRM id already seen. */
  upsert(auth: CrmAuth, settings: Settings, companies: CrmCompanyData[], known: Map<number, string>): Promise<{ created: number; updated: number; records: CrmRecord[] }>;
  /** Every company of the CRM that carries a CUI, one page of the CRM's answers at a time (decision 124). */
  list(auth: CrmAuth, settings: Settings): AsyncGenerator<CrmRecord[]>;
};

const cuiOf = (value: unknown): number | null => {
  const n = Number(String(value ?? '').replace(/^RO/i, '').trim());
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

const hubspot: CrmClient = {
  async prepare({ token }) {
    const headers = { authorization: `Bearer ${token}` };
    const props = [
      { name: 'cui', label: 'CUI', type: 'string', fieldType: 'text', groupName: 'companyinformation', hasUniqueValue: true },
      { name: 'radarfirme_url', label: 'Fișa RadarFirme', type: 'string', fieldType: 'text', groupName: 'companyinformation' },
      { name: 'radarfirme_caen', label: 'Cod CAEN', type: 'string', fieldType: 'text', groupName: 'companyinformation' },
    ];
    // 409: the property exists (an earlier connection made it): fine.
    for (const p of props) await request(env.HUBSPOT_API_URL, '/crm/v3/properties/companies', { method: 'POST', headers, body: p }, [409]);
    return {};
  },
  async upsert({ token }, _settings, companies) {
    const headers = { authorization: `Bearer ${token}` };
    const records: CrmRecord[] = [];
    let created = 0;
    let updated = 0;
    for (let i = 0; i < companies.length; i += 100) {
      const inputs = companies.slice(i, i + 100).map((c) => ({
        idProperty: 'cui',
        id: String(c.cui),
        properties: {
          name: c.name,
          cui: String(c.cui),
          address: c.address ?? '',
          radarfirme_caen: c.caen ?? '',
          annualrevenue: c.turnover === null ? '' : String(c.turnover),
          numberofemployees: c.employees === null ? '' : String(c.employees),
          radarfirme_url: c.url,
        },
      }));
      const { body } = await request<{ results: Array<{ id: string; new?: boolean; properties: Record<string, string> }> }>(env.HUBSPOT_API_URL, '/crm/v3/objects/companies/batch/upsert', {
        method: 'POST',
        headers,
        body: { inputs },
      });
      for (const r of body.results ?? []) {
        const cui = cuiOf(r.properties?.cui);
        if (cui === null) continue;
        if (r.new) created++;
        else updated++;
        records.push({ crmId: String(r.id), cui, name: r.properties?.name ?? '' });
      }
    }
    return { created, updated, records };
  },
  async *list({ token }) {
    const headers = { authorization: `Bearer ${token}` };
    let after: string | undefined;
    for (let page = 0; page < PAGE_MAX; page++) {
      const q = `/crm/v3/objects/companies?limit=100&properties=cui,name${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const { body } = await request<{ results: Array<{ id: string; properties: Record<string, string | null> }>; paging?: { next?: { after: string } } }>(env.HUBSPOT_API_URL, q, { headers });
      const out: CrmRecord[] = [];
      for (const r of body.results ?? []) {
        const cui = cuiOf(r.properties?.cui);
        if (cui !== null) out.push({ crmId: String(r.id), cui, name: r.properties?.name ?? '' });
      }
      yield out;
      after = body.paging?.next?.after;
      if (!after) break;
    }
  },
};

type PipedriveOrg = { id: number; name: string; [key: string]: unknown };
const pdHeaders = (auth: CrmAuth): Record<string, string> => (auth.oauth ? { authorization: `Bearer ${auth.token}` } : { 'x-api-token': auth.token });
const pdBase = (auth: CrmAuth) => auth.apiBase ?? env.PIPEDRIVE_API_URL;

const pipedrive: CrmClient = {
  async prepare(auth) {
    const headers = pdHeaders(auth);
    const { body: fields } = await request<{ data: Array<{ key: string; name: string }> | null }>(pdBase(auth), '/api/v1/organizationFields', { headers });
    const existing = (fields.data ?? []).find((f) => f.name.trim().toUpperCase() === 'CUI');
    if (existing) return { cuiField: existing.key };
    const { body } = await request<{ data: { key: string } }>(pdBase(auth), '/api/v1/organizationFields', { method: 'POST', headers, body: { name: 'CUI', field_type: 'varchar' } });
    return { cuiField: body.data.key };
  },
  async upsert(auth, settings, companies, known) {
    const headers = pdHeaders(auth);
    const field = settings.cuiField;
    if (!field) throw new CrmError('Conexiunea Pipedrive nu are câmpul CUI; reconectați-o.');
    const records: CrmRecord[] = [];
    let created = 0;
    let updated = 0;
    for (const c of companies) {
      const data = { name: c.name, address: c.address ?? undefined, [field]: String(c.cui) };
      let id = known.get(c.cui);
      if (!id) {
        const q = `/api/v1/organizations/search?term=${encodeURIComponent(String(c.cui))}&fields=custom_fields&exact_match=true&limit=1`;
        const { body } = await request<{ data: { items: Array<{ item: { id: number } }> } | null }>(pdBase(auth), q, { headers });
        const hit = body.data?.items?.[0]?.item?.id;
        if (hit !== undefined) id = String(hit);
      }
      if (id) {
        await request(pdBase(auth), `/api/v1/organizations/${encodeURIComponent(id)}`, { method: 'PUT', headers, body: data });
        updated++;
      } else {
        const { body } = await request<{ data: PipedriveOrg }>(pdBase(auth), '/api/v1/organizations', { method: 'POST', headers, body: data });
        id = String(body.data.id);
        created++;
      }
      records.push({ crmId: id, cui: c.cui, name: c.name });
    }
    return { created, updated, records };
  },
  async *list(auth, settings) {
    const headers = pdHeaders(auth);
    const field = settings.cuiField;
    if (!field) return;
    let start = 0;
    for (let page = 0; page < PAGE_MAX; page++) {
      const { body } = await request<{ data: PipedriveOrg[] | null; additional_data?: { pagination?: { more_items_in_collection?: boolean; next_start?: number } } }>(
        pdBase(auth),
        `/api/v1/organizations?start=${start}&limit=500`,
        { headers },
      );
      const out: CrmRecord[] = [];
      for (const o of body.data ?? []) {
        const cui = cuiOf(o[field]);
        if (cui !== null) out.push({ crmId: String(o.id), cui, name: o.name });
      }
      yield out;
      const p = body.additional_data?.pagination;
      if (!p?.more_items_in_collection || p.next_start === undefined) break;
      start = p.next_start;
    }
  },
};

export const CRM_CLIENTS: Record<CrmProvider, CrmClient> = { hubspot, pipedrive };
