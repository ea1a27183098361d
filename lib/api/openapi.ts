// The OpenAPI 3.1 document, generated from the contract table (docs/decisions/069): zod 4's own
// z.toJSONSchema (JSON Schema 2020-12, the dialect of OpenAPI 3.1) turns each endpoint's params,
// query, body and answer schemas into the document's parameters, request body and answers. Nothing
// here is written by hand per endpoint, so the document cannot drift from what the routes parse.
import { z } from 'zod';
import { contractEntries, type Endpoint } from './contract';
import { errorBodySchema, noContentAnswer } from './contract/answers';
import { WEBHOOK_EVENT_SCHEMAS, WEBHOOK_TEST_EVENT, WEBHOOK_TEST_SCHEMA } from '../webhooks/events';

type Json = Record<string, unknown>;
type Entry = ReturnType<typeof contractEntries>[number];

/**
 * The machinery's endpoints (jobs, metrics, relays' webhooks, mail tracking, next-auth, the CRM's
 * OAuth return, which only a browser sent back by the CRM calls) are not for developers.
 */
export function isDocumented(e: { access: Endpoint['access']; path: string }): boolean {
  if (e.access === 'cron' || e.access === 'metrics') return false;
  if (e.path === '/api/Crm/oauthCallback') return false;
  return !/^\/api\/(nextauth|webhooks|track|inbound|docs|v1)(\/|$)/.test(e.path);
}

/** The public alias a developer calls with a key (docs/decisions/068): /api/v1/<the same path>. */
const publicPath = (path: string) => path.replace(/^\/api\//, '/api/v1/');

/** "/api/Company/getDetails/[cui]" → "/api/Company/getDetails/{cui}". */
export const openApiPath = (path: string) => path.replace(/\[(?:\.\.\.)?(\w+)\]/g, '{$1}');

// Input mode for answers too: an answer object may carry more fields than its schema names (zod's
// objects accept them), so the document must not claim additionalProperties: false.
function jsonSchema(schema: z.ZodType, defs: Json, prefix: string): Json {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Json;
  delete out.$schema;
  // Shared parts zod lifted into $defs go to components.schemas, their references rewritten.
  const local = out.$defs as Record<string, Json> | undefined;
  delete out.$defs;
  if (!local) return out;
  const id = (name: string) => `${prefix}_${name}`.replace(/[^A-Za-z0-9_.-]/g, '_');
  const rewrite = (text: string) => Object.keys(local).reduce((t, name) => t.split(`"#/$defs/${name}"`).join(`"#/components/schemas/${id(name)}"`), text);
  for (const [name, def] of Object.entries(local)) defs[id(name)] = JSON.parse(rewrite(JSON.stringify(def)));
  return JSON.parse(rewrite(JSON.stringify(out))) as Json;
}

function missingFields(schema: z.ZodType): Set<string> {
  try {
    const res = schema.safeParse({});
    return new Set(res.success ? [] : res.error.issues.map((i) => String(i.path[0] ?? '')));
  } catch {
    return new Set();
  }
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query', defs: Json, prefix: string): Json[] {
  if (!schema) return [];
  const s = jsonSchema(schema, defs, prefix);
  const props = (s.properties ?? {}) as Record<string, Json>;
  // The input schema calls a field required even when a preprocess or default fills it in: a
  // query field is required only when an empty query is refused for it.
  const required = new Set((s.required as string[] | undefined) ?? []);
  const refused = where === 'query' ? missingFields(schema) : required;
  return Object.entries(props).map(([name, p]) => {
    const { description, ...rest } = p;
    return {
      name,
      in: where,
      required: where === 'path' || (required.has(name) && refused.has(name)),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

const operationId = (key: string) =>
  key
    .replace(/\[(\.\.\.)?(\w+)\]/g, 'By_$2')
    .split(/[^A-Za-z0-9]+/)
    .filter((p) => p && p !== 'api')
    .map((p, i) => (i === 0 ? p.toLowerCase() : p[0].toUpperCase() + p.slice(1)))
    .join('');

const ERROR_RESPONSES = {
  BadRequest: 'Date invalide: Errors numește fiecare câmp greșit, cu mesajul lui.',
  Unauthorized: 'Lipsește cheia API (X-API-Key) sau tokenul de sesiune, ori nu mai este valabil.',
  Forbidden: 'Cheia sau utilizatorul nu are dreptul la această operație.',
  NotFound: 'Resursa nu a fost găsită.',
  TooManyRequests: 'Prea multe cereri: reîncercați după numărul de secunde din Retry-After.',
};

function responses(e: Entry, defs: Json, prefix: string): Json {
  const out: Json = {};
  if (e.answerType === 'redirect') out['302'] = { description: 'Redirecționare (Location).' };
  else if (e.answerType) {
    const types = e.answerType.split(';').map((t) => t.trim().split(' ')[0]);
    out['200'] = { description: e.summary, content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])) };
  } else if (e.answer === noContentAnswer) out['204'] = { description: 'Fără conținut.' };
  else out['200'] = { description: e.summary, content: { 'application/json': { schema: jsonSchema(e.answer, defs, `${prefix}Answer`) } } };
  const ref = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });
  if (e.params || e.query || e.body) out['400'] = ref('BadRequest');
  if (e.access !== 'public') out['401'] = ref('Unauthorized');
  // 403: an Admin-only endpoint, an account that must first change its password, a key's scope.
  if (e.access !== 'public') out['403'] = ref('Forbidden');
  if (e.params || e.method !== 'GET' || e.developer) out['404'] = ref('NotFound');
  out['429'] = ref('TooManyRequests');
  return out;
}

const SIGNATURE_HEADERS: Array<[string, string]> = [
  ['webhook-id', 'Identificatorul mesajului (msg_…): același la fiecare reîncercare și la „Retrimite”; folosiți-l pentru a ignora repetările.'],
  ['webhook-timestamp', 'Momentul trimiterii, în secunde de la 1970 (UTC); respingeți mesajele mai vechi de 5 minute.'],
  ['webhook-signature', 'v1,<HMAC-SHA256 în base64 al „id.timestamp.corp” cu secretul whsec_…> (schema Standard Webhooks).'],
];

/**
 * The `webhooks` section of OpenAPI 3.1 (issue 50, docs/decisions/096): one POST per event type,
 * its body from the same zod schema the events are described by, its signature headers, and the
 * answers the sender reads (2xx delivered; anything else retried for 24 hours).
 */
function webhookOperations(defs: Json): Json {
  const all = { ...WEBHOOK_EVENT_SCHEMAS, [WEBHOOK_TEST_EVENT]: WEBHOOK_TEST_SCHEMA } as Record<string, z.ZodType>;
  return Object.fromEntries(
    Object.entries(all).map(([type, schema]) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace(/\W/g, '_')}`,
          summary: schema.description ?? type,
          tags: ['Webhook'],
          parameters: SIGNATURE_HEADERS.map(([name, description]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } })),
          requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(schema, defs, `Webhook_${type.replace(/\W/g, '_')}`) } } },
          responses: {
            '2XX': { description: 'Primit. Orice alt răspuns (sau niciun răspuns în 10 s) se reîncearcă, cu pauze tot mai lungi, timp de 24 de ore.' },
          },
        },
      },
    ]),
  );
}

export function buildOpenApiDocument(origin: string): Json {
  const defs: Json = {};
  const paths: Record<string, Json> = {};
  for (const e of contractEntries().filter(isDocumented)) {
    const prefix = operationId(e.key);
    const op: Json = {
      operationId: prefix,
      summary: e.summary,
      tags: [e.path.split('/')[e.path.startsWith('/api/api/') ? 3 : 2]],
      ...(e.developer ? { 'x-public-path': openApiPath(publicPath(e.path)) } : {}),
      security: e.access === 'public' ? [{}, { ApiKey: [] }, { BearerSession: [] }] : [{ ApiKey: [] }, { BearerSession: [] }],
    };
    const params = [...parameters(e.params, 'path', defs, `${prefix}Params`), ...parameters(e.query, 'query', defs, `${prefix}Query`)];
    if (params.length) op.parameters = params;
    if (e.body) op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(e.body, defs, `${prefix}Body`) } } };
    op.responses = responses(e, defs, prefix);
    (paths[openApiPath(e.path)] ??= {})[e.method.toLowerCase()] = op;
  }
  const error = jsonSchema(errorBodySchema, defs, 'Error');
  const webhooks = webhookOperations(defs);
  return {
    openapi: '3.1.0',
    info: {
      title: 'RadarFirme API',
      version: '1.0.0',
      description:
        'Datele firmelor din România: căutare, fișa firmei, date financiare, risc de insolvență, CAEN, achiziții publice, ' +
        'proiecte europene și grupurile proprii. Autentificare cu o cheie API (antetul X-API-Key: rfk_…, sau Authorization: Bearer rfk_…); ' +
        'operațiile marcate x-public-path sunt oferite stabil la /api/v1/… . Fără cheie și fără sesiune, aceleași date publice au o limită ' +
        'de cereri pe minut și pe zi pentru fiecare adresă (429 cu Retry-After); cu o cheie se aplică doar cota cheii, stabilită de administrator. ' +
        'Răspunsurile de eroare au forma Error, cu mesajul în română.',
    },
    servers: [{ url: origin, description: 'RadarFirme' }],
    tags: [...new Set(Object.values(paths).flatMap((p) => Object.values(p).flatMap((o) => (o as { tags: string[] }).tags)))].sort().map((name) => ({ name })),
    paths,
    webhooks,
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Cheia API (rfk_…), creată din Setări › Chei API; acceptată și ca Authorization: Bearer rfk_… .' },
        BearerSession: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Tokenul de acces al unei sesiuni (POST /api/Auth/login).' },
      },
      schemas: { ...defs, Error: error },
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([name, description]) => [
          name,
          {
            description,
            ...(name === 'TooManyRequests' ? { headers: { 'Retry-After': { description: 'Secunde până la următoarea cerere permisă.', schema: { type: 'integer' } } } } : {}),
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
    },
  };
}
