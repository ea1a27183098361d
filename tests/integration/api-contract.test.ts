// THE CONTRACT TEST (issue 29): every GET operation of the OpenAPI document is called, as the
// caller its access allows (anonymous for public, a user for signed-in, an Admin for admin), with
// sample parameters over real rows (a company with financial years, the user's group with that
// company, a campaign draft), and each answer is checked against the contract's answer schema and
// against the JSON Schema the document publishes for it.
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { CONTRACT, type ContractKey } from '@/lib/api/contract';
import { errorBodySchema } from '@/lib/api/contract/answers';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { sql } from '@/server/db';
import { waitForBackgroundTasks } from '@/server/mail/background';
import { apiKeyHeaders, apiKeyOf, authHeaders } from '../support/api-auth';
import { GET as v1Get } from '@/app/api/v1/[...path]/route';
import { addCompany, createGroup } from '../factories/groups';
import { createDraft } from '../factories/sending';
import { createUser, deleteUsers, fromAddress, randomIp, type TestUser } from './support/auth';

const API_DIR = path.resolve(__dirname, '../../app/api');

type Param = { name: string; in: 'path' | 'query'; required: boolean; schema: { type?: string; enum?: unknown[]; anyOf?: Array<{ enum?: unknown[] }> } };
type Op = { parameters?: Param[]; responses: Record<string, { content?: Record<string, { schema: object }> }> };
const doc = buildOpenApiDocument('http://localhost:3000') as { paths: Record<string, Record<string, Op>>; components: object };

const gets = Object.entries(doc.paths)
  .filter(([, ops]) => ops.get)
  .map(([p, ops]) => ({ key: `GET ${p.replace(/\{(\w+)\}/g, '[$1]')}` as ContractKey, op: ops.get }));

// Answers that need rows this test does not build (a sent campaign, its messages, a template): the
// endpoint must refuse with its documented 404 and the Romanian error body.
const NOT_FOUND_HERE = new Set<string>([
  'GET /api/MailSend/getMailComments',
  'GET /api/MailTemplate/get',
  'GET /api/MailSend/getCompaniesMailByGroup',
  'GET /api/MailSend/getMailPreview',
  'GET /api/MailSend/getSendingResults',
  'GET /api/MailSend/getTemplateResults',
  'GET /api/Export/sending',
  'GET /api/Export/templateResults',
]);

let user: TestUser;
let admin: TestUser;
const sample: Record<string, string> = {};
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
  perEndpoint['GET /api/User/getUser'] = { userId: String(admin.id) };
  perEndpoint['GET /api/ApiKey/getUsage'] = { id: String((await apiKeyOf(user)).id) };
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
    if (NOT_FOUND_HERE.has(key)) {
      expect([key, res.status]).toEqual([key, 404]);
      expect(errorBodySchema.safeParse(JSON.parse(text)).success).toBe(true);
      return;
    }
    expect([key, res.status, res.status === 200 ? '' : text]).toEqual([key, 200, '']);
    if ('answerType' in contract) {
      const types = contract.answerType.split(';').map((t) => t.trim().split(' ')[0]);
      expect(types).toContain(res.headers.get('content-type')?.split(';')[0]);
      return;
    }
    const body = JSON.parse(text) as unknown;
    const parsed = contract.answer.safeParse(body);
    expect(parsed.success ? [] : parsed.error.issues.slice(0, 3)).toEqual([]);
    const validate = ajv.compile({ $ref: `openapi#/paths/${encodeURIComponent(apiPath.replace(/\[(\w+)\]/g, '{$1}')).replace(/%2F/g, '~1')}/get/responses/200/content/application~1json/schema` });
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
