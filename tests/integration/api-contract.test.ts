// THE CONTRACT TEST (issue 29): every GET operation of the OpenAPI document is called, as the
// caller its access allows (anonymous for public, a user for signed-in, an Admin for admin), with
// sample parameters over real rows (a company with financial years, the user's group with that
// company, a campaign draft, a template and a sent campaign with its per-recipient message, events
// and a comment), and each answer is checked against the contract's answer schema and against the
// JSON Schema the document publishes for it. The operations offered to developers are called again
// through /api/v1 with an API key: every GET with a read key, and every other method (the writes
// with a key that has the write scope, after a read-only key has been refused with 403).
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { CONTRACT, type ContractKey, type Endpoint } from '@/lib/api/contract';
import { errorBodySchema } from '@/lib/api/contract/answers';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { sql } from '@/server/kernel/db';
import { waitForBackgroundTasks } from '@/server/mail/background';
import { apiKeyHeaders, apiKeyOf, authHeaders } from '../support/api-auth';
import { GET as v1Get, POST as v1Post, PUT as v1Put, DELETE as v1Delete } from '@/app/api/v1/[...path]/route';
import { addCompany, createGroup } from '../factories/groups';
import { createDraft, designContent } from '../factories/sending';
import { createUser, deleteUsers, fromAddress, randomIp, type TestUser } from './support/auth';

const API_DIR = path.resolve(__dirname, '../../app/api');

type Param = { name: string; in: 'path' | 'query'; required: boolean; schema: { type?: string; enum?: unknown[]; anyOf?: Array<{ enum?: unknown[] }> } };
type Op = { parameters?: Param[]; responses: Record<string, { content?: Record<string, { schema: object }> }> };
const doc = buildOpenApiDocument('http://localhost:3000') as { paths: Record<string, Record<string, Op>>; components: object };

const gets = Object.entries(doc.paths)
  .filter(([, ops]) => ops.get)
  .map(([p, ops]) => ({ key: `GET ${p.replace(/\{(\w+)\}/g, '[$1]')}` as ContractKey, op: ops.get }));

// Endpoints of one row (the sent campaign, its message, the template): called again with an id
// nobody has, they refuse with the documented 404 and the Romanian error body.
const UNKNOWN_ID = 2_147_483_000;
const ONE_ROW: Partial<Record<string, string>> = {
  'GET /api/MailSend/getMailComments': 'mailSendId',
  'GET /api/MailTemplate/get': 'id',
  'GET /api/MailSend/getCompaniesMailByGroup': 'groupedMailId',
  'GET /api/MailSend/getMailPreview': 'groupedMailId',
  'GET /api/MailSend/getSendingResults': 'groupedMailId',
  'GET /api/MailSend/getTemplateResults': 'templateId',
  'GET /api/Export/sending': 'groupedMailId',
  'GET /api/Export/templateResults': 'templateId',
  'GET /api/Fiscal/getBulkCheck': 'id',
};

let user: TestUser;
let admin: TestUser;
const sample: Record<string, string> = {};
/** Text each one-row answer must contain: the rows built here, not an empty list that fits any schema. */
const shows: Partial<Record<string, string>> = {};
const perEndpoint: Partial<Record<string, Record<string, string>>> = {};

beforeAll(async () => {
  user = await createUser();
  admin = await createUser({ role: 'Admin' });
  const [company] = await sql<{ cui: number; name: string; caen_code: string; year: number }>(
    `SELECT c.cui, c.name, c.caen_code, (SELECT max(year) FROM financial_year f WHERE f.cui = c.cui) AS year FROM company c
      WHERE (SELECT count(*) FROM financial_year f WHERE f.cui = c.cui) >= 3 AND c.caen_code IS NOT NULL
      ORDER BY c.turnover DESC LIMIT 1`,
  );
  const group = await createGroup(user);
  const companyGroupId = await addCompany(group, company.cui, user);
  const draft = await createDraft(user.id, [{ cui: company.cui, groupId: group.id }]);
  Object.assign(sample, {
    cui: String(company.cui),
    companycui: String(company.cui),
    caencode: company.caen_code.slice(0, 4),
    pagesize: '10',
    searchtext: company.name.split(/\s+/)[0],
    year: String(company.year),
    location: 'All',
    userid: String(user.id),
    groupid: String(group.id),
    companygroupid: String(companyGroupId),
    groupedmailid: String(draft),
    groupedmailsendid: String(draft),
    id: String(group.id),
  });
  // A template and a campaign sent from it a day ago to the group's company: one message delivered,
  // opened and clicked (its events), with a comment.
  const [template] = await sql<{ id: number }>(
    `INSERT INTO mail_template (name, description, content, owner_id, updated_at) VALUES ('Ofertă de contract', 'Șablonul testului de contract', $1, $2, now()) RETURNING id`,
    [designContent(), user.id],
  );
  const [sent] = await sql<{ id: number }>(
    `INSERT INTO grouped_mail (name, content, created_by_id, sent_on, html, template_id) VALUES ('Ofertă trimisă', $1, $2, now() - interval '1 day', '<p>Bună ziua!</p>', $3) RETURNING id`,
    [designContent(), user.id, template.id],
  );
  await sql(`INSERT INTO grouped_mail_company (grouped_mail_id, cui, group_id) VALUES ($1, $2, $3)`, [sent.id, company.cui, group.id]);
  const [message] = await sql<{ id: number }>(
    `INSERT INTO mail_send (grouped_mail_id, cui, group_id, email, status, message_id, sent_at, opened_at, clicked_at, tracking_id)
     VALUES ($1, $2, $3, $4, 'Interactionat', $5, now() - interval '1 day', now() - interval '20 hours', now() - interval '19 hours', gen_random_uuid()) RETURNING id`,
    [sent.id, company.cui, group.id, `contract.${sent.id}@exemplu-test.ro`, `<contract.${sent.id}@radarfirme.test>`],
  );
  await sql(
    `INSERT INTO mail_status_event (mail_send_id, status, url, created_at) VALUES
       ($1, 'Trimis', NULL, now() - interval '1 day'), ($1, 'Deschis', NULL, now() - interval '20 hours'),
       ($1, 'Interactionat', 'https://exemplu.ro/oferta', now() - interval '19 hours')`,
    [message.id],
  );
  await sql(`INSERT INTO mail_comment (mail_send_id, content, created_by_id) VALUES ($1, 'Revine cu un răspuns luni.', $2)`, [message.id, user.id]);
  const sending = { groupedMailId: String(sent.id) };
  const email = `contract.${sent.id}@exemplu-test.ro`;
  Object.assign(shows, {
    'GET /api/MailSend/getMailComments': 'Revine cu un răspuns luni.',
    'GET /api/MailTemplate/get': 'Șablonul testului de contract',
    'GET /api/MailSend/getCompaniesMailByGroup': email,
    'GET /api/MailSend/getMailPreview': 'Bună ziua!',
    'GET /api/MailSend/getSendingResults': 'https://exemplu.ro/oferta',
    'GET /api/MailSend/getTemplateResults': 'Ofertă trimisă',
    'GET /api/Export/sending': email,
    'GET /api/Export/templateResults': 'Ofertă trimisă',
  });
  Object.assign(perEndpoint, {
    'GET /api/MailSend/getMailComments': { mailSendId: String(message.id) },
    'GET /api/MailTemplate/get': { id: String(template.id) },
    'GET /api/MailSend/getCompaniesMailByGroup': { ...sending, groupId: String(group.id) },
    'GET /api/MailSend/getMailPreview': sending,
    'GET /api/MailSend/getSendingResults': sending,
    'GET /api/MailSend/getTemplateResults': { templateId: String(template.id) },
    'GET /api/Export/sending': { ...sending, format: 'csv' },
    'GET /api/Export/templateResults': { templateId: String(template.id), format: 'csv' },
  });
  perEndpoint['GET /api/User/getUser'] = { userId: String(admin.id) };
  perEndpoint['GET /api/ApiKey/getUsage'] = { id: String((await apiKeyOf(user)).id) };
  // A bulk ANAF check of the user (issue 48): its progress and its XLSX report.
  const [job] = await sql<{ id: number }>(`INSERT INTO fiscal_bulk_job (user_id, source, label, cuis, total) VALUES ($1, 'list', 'Contract', $2::int[], 1) RETURNING id`, [user.id, [company.cui]]);
  perEndpoint['GET /api/Fiscal/getBulkCheck'] = { id: String(job.id) };
  perEndpoint['GET /api/Fiscal/getBulkCheckReport'] = { id: String(job.id) };
  // A webhook endpoint of the user with one delivery in its log (issue 50).
  const [hook] = await sql<{ id: number }>(
    `INSERT INTO webhook_endpoint (user_id, url, events, secret) VALUES ($1, 'https://exemplu.ro/hooks', ARRAY['company.changed'], 'whsec_dGVzdA==') RETURNING id`,
    [user.id],
  );
  await sql(
    `INSERT INTO webhook_delivery (endpoint_id, msg_id, event_type, dedupe_key, payload, status, attempts, last_status, delivered_at)
     VALUES ($1, $2, 'company.changed', 'contract', '{}', 'Delivered', 1, 200, now())`,
    [hook.id, `msg_contract_${hook.id}`],
  );
  perEndpoint['GET /api/Webhook/getDeliveries'] = { EndpointId: String(hook.id) };
  shows['GET /api/Webhook/getDeliveries'] = `msg_contract_${hook.id}`;
});
afterAll(async () => {
  await waitForBackgroundTasks();
  await deleteUsers(user, admin);
});

function valueFor(p: Param, key: string): string | undefined {
  const own = perEndpoint[key]?.[p.name];
  if (own) return own;
  const s = sample[p.name.toLowerCase()];
  if (s) return s;
  if (!p.required) return undefined;
  const e = p.schema.enum ?? p.schema.anyOf?.find((a) => a.enum)?.enum;
  if (e) return String(e[0]);
  return p.schema.type === 'integer' || p.schema.type === 'number' ? '1' : 'a';
}

const ajv = new Ajv2020({ strict: false, validateFormats: false });
ajv.addSchema({ ...doc, $id: 'openapi' });
/** The JSON Schema the document publishes for an operation's 200 answer. */
const documentAnswer = (method: string, apiPath: string) =>
  ajv.compile({
    $ref: `openapi#/paths/${encodeURIComponent(apiPath.replace(/\[(\w+)\]/g, '{$1}')).replace(/%2F/g, '~1')}/${method.toLowerCase()}/responses/200/content/application~1json/schema`,
  });

describe.each(gets)('$key', ({ key, op }) => {
  test('answers as its contract and its document say', async () => {
    const contract = CONTRACT[key];
    const [, apiPath] = key.split(' ');
    const params: Record<string, string> = {};
    const query = new URLSearchParams();
    for (const p of op.parameters ?? []) {
      const v = valueFor(p, key);
      if (v === undefined) continue;
      if (p.in === 'path') params[p.name] = v;
      else query.set(p.name, v);
    }
    const url = apiPath.replace(/\[(\w+)\]/g, (_, n: string) => params[n]);
    const caller = contract.access === 'admin' ? admin : contract.access === 'user' ? user : null;
    const headers = { ...fromAddress(randomIp()), ...(await authHeaders(caller)) };
    const mod = require(path.join(API_DIR, apiPath.slice('/api/'.length), 'route.ts')) as Record<string, (req: Request, ctx: unknown) => Promise<Response>>;
    const res = await mod.GET(new Request(`http://localhost:3000${url}?${query}`, { headers }), { params: Promise.resolve(params) });
    const text = await res.text();
    expect([key, res.status, res.status === 200 ? '' : text]).toEqual([key, 200, '']);
    if (shows[key]) expect([key, text.includes(shows[key])]).toEqual([key, true]);
    const idParam = ONE_ROW[key];
    if (idParam) {
      const unknown = new URLSearchParams(query);
      unknown.set(idParam, String(UNKNOWN_ID));
      const missing = await mod.GET(new Request(`http://localhost:3000${url}?${unknown}`, { headers }), { params: Promise.resolve(params) });
      expect([key, 'unknown id', missing.status]).toEqual([key, 'unknown id', 404]);
      expect(errorBodySchema.safeParse(await missing.json()).success).toBe(true);
    }
    if ('answerType' in contract) {
      const types = contract.answerType.split(';').map((t) => t.trim().split(' ')[0]);
      expect(types).toContain(res.headers.get('content-type')?.split(';')[0]);
      return;
    }
    const body = JSON.parse(text) as unknown;
    const parsed = contract.answer.safeParse(body);
    expect(parsed.success ? [] : parsed.error.issues.slice(0, 3)).toEqual([]);
    const validate = documentAnswer('GET', apiPath);
    expect([validate(body), validate.errors?.slice(0, 3) ?? null]).toEqual([true, null]);
    // An endpoint offered to developers answers the same through /api/v1 with a key of the user.
    if ('developer' in contract) {
      const v1 = await v1Get(new Request(`http://localhost:3000/api/v1${url.slice('/api'.length)}?${query}`, { headers: { ...fromAddress(randomIp()), ...(await apiKeyHeaders(user)) } }));
      const v1Text = await v1.text();
      expect([key, 'v1', v1.status, v1.status === 200 ? '' : v1Text]).toEqual([key, 'v1', 200, '']);
      const v1Body = JSON.parse(v1Text) as unknown;
      expect(contract.answer.safeParse(v1Body).success).toBe(true);
      expect(validate(v1Body)).toBe(true);
      expect(v1.headers.get('ratelimit-limit')).not.toBeNull();
    }
  });
});

// The other methods offered to developers (`developer` marks that are not GETs), in an order where
// each finds the rows it needs: a new group, a company added to it, another put in it and taken out
// of its group, then the first removed. Each is called through /api/v1 with a key of the user: a
// write first with a read-only key (403, nothing done), then with a key that has the write scope;
// the answer is checked against the contract and the document. A new mark without a sample here
// fails the first test.
describe('the other methods offered to developers, through /api/v1 with a key', () => {
  type Sample = { query?: Record<string, string>; body?: unknown };
  const state: { groupId?: number; cuis: number[] } = { cuis: [] };
  const SAMPLES: Array<{ key: ContractKey; sample: () => Sample | Promise<Sample>; after?: (answer: unknown) => void }> = [
    { key: 'POST /api/Company/getAcqusitions', sample: () => ({ body: { companyCui: Number(sample.cui), pageNumber: 1, pageSize: 6 } }) },
    { key: 'POST /api/Group/add', sample: () => ({ query: { Name: `Grup prin API ${Date.now()}` } }), after: (a) => void (state.groupId = (a as { Id: number }).Id) },
    { key: 'POST /api/Group/addComapaniesToGroup', sample: () => ({ query: { groupId: String(state.groupId) }, body: [state.cuis[0]] }) },
    { key: 'PUT /api/Group/updateOrAddCompanyToGroup', sample: () => ({ body: { Cui: state.cuis[1], GroupId: state.groupId } }) },
    { key: 'DELETE /api/Group/deleteCompanyFromItsGroup', sample: () => ({ query: { cui: String(state.cuis[1]) } }) },
    {
      key: 'DELETE /api/Group/deleteCompanyFromGroup',
      sample: async () => {
        const [row] = await sql<{ id: number }>(`SELECT id FROM company_in_group WHERE group_id = $1 AND cui = $2 AND NOT is_deleted`, [state.groupId, state.cuis[0]]);
        return { query: { companyGroupId: String(row.id) } };
      },
    },
    { key: 'POST /api/Fiscal/createBulkCheck', sample: () => ({ body: { Cuis: [state.cuis[0]] } }) },
    { key: 'POST /api/Fiscal/createBulkCheckFromSearch', sample: () => ({ query: { SearchText: sample.searchtext } }) },
  ];
  const v1Of: Record<string, (req: Request) => Promise<Response>> = { POST: v1Post, PUT: v1Put, DELETE: v1Delete };

  beforeAll(async () => {
    state.cuis = (await sql<{ cui: number }>(`SELECT cui FROM company WHERE cui <> $1 ORDER BY cui LIMIT 2`, [Number(sample.cui)])).map((r) => r.cui);
  });

  test('every offered method but GET has a sample, and the document offers each at /api/v1', () => {
    const offered = (Object.entries(CONTRACT) as Array<[ContractKey, Endpoint]>).filter(([k, e]) => e.developer && !k.startsWith('GET ')).map(([k]) => k);
    expect(SAMPLES.map((x) => x.key).sort()).toEqual(offered.sort());
    for (const key of offered) {
      const [method, apiPath] = key.split(' ');
      expect([key, (doc.paths[apiPath.replace(/\[(\w+)\]/g, '{$1}')][method.toLowerCase()] as { 'x-public-path'?: string })['x-public-path']]).toEqual([key, `/api/v1${apiPath.slice('/api'.length)}`]);
    }
  });

  test.each(SAMPLES.map((x) => [x.key, x] as const))('%s', async (key, { sample: build, after }) => {
    const contract = CONTRACT[key] as Endpoint;
    const [method, apiPath] = key.split(' ');
    const { query, body } = await build();
    const request = async (scope: 'read' | 'write') =>
      v1Of[method](
        new Request(`http://localhost:3000/api/v1${apiPath.slice('/api'.length)}?${new URLSearchParams(query)}`, {
          method,
          headers: { ...fromAddress(randomIp()), ...(await apiKeyHeaders(user, scope)), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    if (contract.developer === 'write') {
      const refused = await request('read');
      const refusal = (await refused.json()) as unknown;
      expect([key, 'read key', refused.status]).toEqual([key, 'read key', 403]);
      expect(errorBodySchema.safeParse(refusal).success).toBe(true);
    }
    const res = await request(contract.developer === 'write' ? 'write' : 'read');
    const text = await res.text();
    expect([key, res.status, res.status === 200 ? '' : text]).toEqual([key, 200, '']);
    const answer = JSON.parse(text) as unknown;
    const parsed = contract.answer.safeParse(answer);
    expect(parsed.success ? [] : parsed.error.issues.slice(0, 3)).toEqual([]);
    const validate = documentAnswer(method, apiPath);
    expect([validate(answer), validate.errors?.slice(0, 3) ?? null]).toEqual([true, null]);
    expect(res.headers.get('ratelimit-limit')).not.toBeNull();
    after?.(answer);
  });

  test('the changes were made as the key\'s owner', async () => {
    const rows = await sql<{ cui: number; is_deleted: boolean; added_by_id: number }>(`SELECT cui, is_deleted, added_by_id FROM company_in_group WHERE group_id = $1 ORDER BY cui`, [state.groupId]);
    expect(rows).toEqual(state.cuis.map((cui) => ({ cui, is_deleted: true, added_by_id: user.id })).sort((a, b) => a.cui - b.cui));
    const [g] = await sql<{ owner_id: number }>(`SELECT owner_id FROM company_group_list WHERE id = $1`, [state.groupId]);
    expect(g.owner_id).toBe(user.id);
  });
});
