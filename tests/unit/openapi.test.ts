// The OpenAPI 3.1 document generated from the contract table (lib/api/openapi.ts) is valid for an
// OpenAPI validator (@seriousme/openapi-schema-validator, run in a child process: it is ESM only)
// and describes every documented endpoint with its parameters, answers, errors and security.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { contractEntries } from '@/lib/api/contract';
import { buildOpenApiDocument, isDocumented, openApiPath } from '@/lib/api/openapi';

type Op = { operationId: string; parameters?: Array<{ name: string; in: string; required: boolean }>; requestBody?: unknown; responses: Record<string, unknown>; security: unknown[]; 'x-public-path'?: string };
type Doc = { openapi: string; paths: Record<string, Record<string, Op>>; components: { securitySchemes: Record<string, { type: string; name?: string; in?: string; scheme?: string }>; responses: Record<string, unknown> }; servers: Array<{ url: string }> };

const doc = buildOpenApiDocument('http://localhost:3000') as unknown as Doc;

const VALIDATE = `
import { Validator } from '@seriousme/openapi-schema-validator';
let text = '';
for await (const chunk of process.stdin) text += chunk;
const v = new Validator();
const res = await v.validate(JSON.parse(text));
process.stdout.write(JSON.stringify({ valid: res.valid, version: v.version, errors: res.errors ?? null }));
`;

test('the document is valid OpenAPI 3.1', () => {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', VALIDATE], { input: JSON.stringify(doc), cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' });
  const res = JSON.parse(out) as { valid: boolean; version: string; errors: unknown };
  expect(res.errors).toBeNull();
  expect(res).toMatchObject({ valid: true, version: '3.1' });
});

test('a broken document is refused by the same check', () => {
  const broken = { ...doc, paths: { '/x': { get: { responses: 'none' } } } };
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', VALIDATE], { input: JSON.stringify(broken), cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' });
  expect(JSON.parse(out).valid).toBe(false);
});

test('every documented endpoint of the table is in the document, and nothing else', () => {
  const documented = contractEntries().filter(isDocumented);
  expect(documented.length).toBeGreaterThan(150);
  const inDoc = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
  expect(inDoc.sort()).toEqual(documented.map((e) => `${e.method} ${openApiPath(e.path)}`).sort());
  // The machinery is left out.
  expect(inDoc.some((k) => /\/api\/(cron|metrics|nextauth|track|webhooks|inbound|docs)/.test(k))).toBe(false);
  expect(new Set(inDoc.map((k) => k)).size).toBe(inDoc.length);
});

test('security schemes: the API key (X-API-Key) and the session bearer token', () => {
  expect(doc.components.securitySchemes.ApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
  expect(doc.components.securitySchemes.BearerSession).toMatchObject({ type: 'http', scheme: 'bearer' });
  expect(doc.servers[0].url).toBe('http://localhost:3000');
  // A signed-in endpoint requires a credential; a public one accepts none.
  expect(doc.paths['/api/Group/getGroups'].get.security).toEqual([{ ApiKey: [] }, { BearerSession: [] }]);
  expect(doc.paths['/api/Company/getCompanies'].get.security).toContainEqual({});
});

test('parameters, bodies, answers and the Romanian error bodies', () => {
  const details = doc.paths['/api/Company/getDetails/{cui}'].get;
  expect(details.parameters).toEqual([expect.objectContaining({ name: 'cui', in: 'path', required: true })]);
  expect(details['x-public-path']).toBe('/api/v1/Company/getDetails/{cui}');
  expect(JSON.stringify(details.responses['200'])).toContain('"HasInsolvencyRisk"');
  expect(Object.keys(details.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '429']));
  const search = doc.paths['/api/Company/getCompanies'].get;
  expect(search.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['SearchText', 'PageNumber']));
  expect(doc.paths['/api/Company/getAcqusitions'].post.requestBody).toBeDefined();
  const groups = doc.paths['/api/Group/getGroups'].get.responses;
  expect(Object.keys(groups)).toEqual(expect.arrayContaining(['200', '401', '403', '429']));
  expect(JSON.stringify(doc.components.responses.Unauthorized)).toMatch(/cheia API/i);
  expect(doc.paths['/api/Export/companies'].get.responses['200']).toMatchObject({ content: { 'text/csv': expect.anything() } });
  const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
  expect(new Set(ids).size).toBe(ids.length);
});
