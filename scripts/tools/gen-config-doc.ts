// Writes docs/configuration.md from the zod schema of the environment: the variables, their
// defaults and their `.describe()` texts come from the schema itself, so the document cannot
// silently miss one (tests/unit/configuration-doc.test.ts checks the committed file).
// Run: npm run docs:config
import { writeFileSync } from 'node:fs';
import path from 'node:path';
// The one path to change when the schema moves.
import { envSchema } from '../../server/kernel/env';

export const CONFIG_DOC = path.resolve(__dirname, '../../docs/configuration.md');

/** What the document says about one variable. */
export type EnvVariable = { name: string; description: string; defaultText: string; values: string[] };

type Def = { type: string; innerType?: Node; in?: Node; out?: Node; defaultValue?: unknown; entries?: Record<string, string> };
type Node = { _zod: { def: Def } };

/** Default and allowed values of a field, looking through default/optional/pipe wrappers. */
function inspectField(node: Node): { defaultValue?: unknown; values: string[] } {
  const def = node._zod.def;
  switch (def.type) {
    case 'default':
      return { ...inspectField(def.innerType!), defaultValue: def.defaultValue };
    case 'optional':
    case 'nullable':
      return inspectField(def.innerType!);
    case 'pipe':
      // z.preprocess is a pipe whose input is the transform: the declared type is its output.
      return inspectField(def.in!._zod.def.type === 'transform' ? def.out! : def.in!);
    case 'enum':
      return { values: Object.values(def.entries ?? {}).filter((v) => v !== '') };
    default:
      return { values: [] };
  }
}

/** A default as the reader should see it: paths relative to the checkout, not to this machine. */
function formatDefault(value: unknown): string {
  if (value === undefined) return '–';
  let text = String(value);
  const cwd = process.cwd() + path.sep;
  if (text.startsWith(cwd)) text = text.slice(cwd.length);
  return text === '' ? '(empty)' : '`' + text + '`';
}

export function listEnvVariables(schema: { shape: Record<string, unknown> } = envSchema): EnvVariable[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const { defaultValue, values } = inspectField(field as Node);
    const description = (field as { description?: string }).description ?? '';
    return { name, description, defaultText: formatDefault(defaultValue), values };
  });
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

// Read before server/kernel/env.ts can be loaded (the front server, the start script, the embedded
// database) or only by tools; not part of the schema, so listed here by hand.
const OUTSIDE_THE_SCHEMA: [string, string, string][] = [
  ['PG_PORT', '`54329`', 'port of the embedded PostgreSQL (scripts/db)'],
  ['PG_SHARED_BUFFERS', '`1GB`', 'shared_buffers of the embedded PostgreSQL'],
  ['BACKUP_DIR', '`.data/backup`', 'where the embedded PostgreSQL archives its WAL (`wal/`) and `npm run db:backup` writes base backups (`base/`); put it on another disk ([operations](operations.md#backups-and-restore))'],
  ['BACKUP_ARCHIVE', 'on', '`0`: the embedded PostgreSQL archives no WAL (no point-in-time restore)'],
  ['SHUTDOWN_GRACE_MS', '`5000`', 'on SIGTERM the front answers its readiness 503 (`shutting-down`) this long while it still serves, so the balancer takes the instance out ([operations](operations.md#releases-without-failed-requests))'],
  ['SHUTDOWN_DRAIN_MS', '`25000`', 'then, with no new connections, how long the requests in flight may take before they are cut'],
  ['SENDER_STOP_WAIT_MS', '`25000`', 'on SIGTERM a sender (`npm run mail:send -- --loop`) claims nothing more and waits this long for the messages it holds'],
  ['BACKUP_KEEP', '`7`', 'base backups `npm run db:backup` keeps (the archived WAL from the oldest kept one on)'],
  ['TRUST_PROXY', '`0`', 'reverse proxies in front of the app; the front server (scripts/serve.mjs) takes the client address from them ([security](security.md#client-address-and-abuse-limits))'],
  ['AUTH_INFLIGHT_MAX', '`8`', 'sign-in, registration and password-reset requests inside the app at once; past it the front answers 503 (`0` lifts it)'],
  ['AUTH_INFLIGHT_PER_ADDRESS', '`2`', 'the same, per client address'],
  ['LOG_FORMAT', '`json` (`text` on a terminal)', 'json: JSON lines and the access log; text: the plain lines (scripts/observability.mjs)'],
  ['UV_THREADPOOL_SIZE', '`8` (set by npm start)', "Node's libuv pool, which the search engine's queries use"],
  ['BOUNCE_SMTP_PORT', '`2526`', 'port of `npm run mail:bounces` on 127.0.0.1'],
  ['RF_IMPORT_PROFILE', '–', '`1`: the importer prints where the time went, statement by statement'],
];

export function renderConfigurationDoc(variables: EnvVariable[] = listEnvVariables()): string {
  const rows = variables.map((v) => {
    const values = v.values.length > 1 ? ` Values: ${v.values.map((x) => '`' + x + '`').join(', ')}.` : '';
    return `| \`${v.name}\` | ${cell(v.defaultText)} | ${cell(v.description + values)} |`;
  });
  const outside = OUTSIDE_THE_SCHEMA.map(([name, def, meaning]) => `| \`${name}\` | ${def} | ${meaning} |`);
  return [
    '# Configuration',
    '',
    '<!-- Generated by `npm run docs:config` from the schema in server/kernel/env.ts: edit the `.describe()` texts there, not this file. -->',
    '',
    'Every variable has a working default for the embedded set-up (`npm start` on one machine), or a',
    'clear error naming it. `server/kernel/env.ts` parses the environment once; the app reads nothing else.',
    'Defaults are those of a development start; where the test or production default differs, the',
    'description says so. What production must set: [operations](operations.md#running-in-production).',
    '',
    '| variable | default | meaning |',
    '|---|---|---|',
    ...rows,
    '',
    '## Read outside server/kernel/env.ts',
    '',
    'Read by the scripts that run before the app, or by tools (benchmarks have their own: see',
    '[performance](performance.md)).',
    '',
    '| variable | default | meaning |',
    '|---|---|---|',
    ...outside,
    '',
  ].join('\n');
}

if (require.main === module) {
  // Other NODE_ENV values change some defaults (SEARCH_ENGINE, API_CHECK_ANSWERS): the document
  // shows the development ones.
  if ((process.env.NODE_ENV ?? 'development') !== 'development') {
    console.error('npm run docs:config: rulați fără NODE_ENV (valorile implicite documentate sunt cele de dezvoltare).');
    process.exit(1);
  }
  writeFileSync(CONFIG_DOC, renderConfigurationDoc());
  console.log(`${path.relative(process.cwd(), CONFIG_DOC)}: ${listEnvVariables().length} variables`);
}
