// Every access rule exists once (issue 31, docs/architecture.md): the columns that carry a rule may
// be named in server/** only by that rule's module, which exports every form a caller needs (the
// predicate, the Prisma `where`, the SQL condition, the refusal). A query that spells the column
// itself is a copy waiting to drift; this test fails on it and names the file and the line. It
// also fails on a server file that does not import 'server-only' (a client component reaching it
// would then ship server code instead of failing the build).
//
// Comments are not read (a comment may name the column it explains). Migrations live outside
// server/ and keep their SQL as it was applied. The generated Prisma client is not ours.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

type Rule = {
  rule: string;
  module: string;
  /** What names the rule's columns: SQL spellings and Prisma field spellings. */
  patterns: RegExp[];
  /** Files that carry the column's value without deciding anything with it, and why. */
  carriers?: Record<string, string>;
};

export const RULES: Rule[] = [
  {
    rule: 'private contact',
    module: 'server/contacts/policy.ts',
    patterns: [/\bis_private\b/, /\bisPrivate\b/],
    carriers: {
      'server/contacts/dto.ts': 'selects the flag and maps it to the API field Private',
      'server/users/dto.ts': 'selects the flag and maps it to the API field Private',
    },
  },
  {
    rule: 'blocked or deleted user',
    module: 'server/auth/policy.ts',
    patterns: [
      /\bis_blocked\b/,
      /\bisBlocked\b/,
      // The deleted state of an app_user row: SQL on the usual aliases, Prisma on the User model.
      /\b(u|usr|au|app_user)\.is_deleted\b/,
      /\buser:\s*\{[^}]*\bisDeleted\b/,
      /\.user\.\w+\(\s*\{[^)]*\bisDeleted\b/,
    ],
  },
  {
    rule: 'group membership and access level',
    module: 'server/groups/policy.ts',
    patterns: [/\bgroup_member\b/, /\baccess\s*===?\s*'Edit'/, /\baccess\s*=\s*'Edit'/, /\baccess:\s*'Edit'/, /\bmembers:\s*\{\s*some\b/],
  },
];

function serverFiles(dir = path.join(root, 'server')): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (path.relative(root, full) !== path.join('server', 'generated')) out.push(...serverFiles(full));
    } else if (/\.tsx?$/.test(e.name)) out.push(path.relative(root, full).split(path.sep).join('/'));
  }
  return out.sort();
}

/** The code of a file without its comments, line numbers kept. */
export function codeOf(text: string): string[] {
  const noBlocks = text.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '));
  return noBlocks.split('\n').map((line) => line.replace(/(^|[\s;,{}()])\/\/.*$/, '$1'));
}

/** Every line of server/** outside its module (and its carriers) that names a rule's column. */
export function restatedRules(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    const lines = codeOf(text);
    for (const r of RULES) {
      if (file === r.module || r.carriers?.[file]) continue;
      lines.forEach((line, i) => {
        if (r.patterns.some((p) => p.test(line))) found.push(`${file}:${i + 1} restates "${r.rule}" (call ${r.module}): ${line.trim()}`);
      });
    }
  }
  return found;
}

/** Server files whose first statement is not `import 'server-only'`. */
export function withoutServerOnly(files: Record<string, string>): string[] {
  return Object.entries(files)
    .filter(([, text]) => codeOf(text).find((l) => l.trim() !== '')?.trim() !== "import 'server-only';")
    .map(([file]) => file);
}

const files = Object.fromEntries(serverFiles().map((f) => [f, readFileSync(path.join(root, f), 'utf8')]));

describe('every access rule exists once', () => {
  test('the server files are read', () => {
    expect(Object.keys(files).length).toBeGreaterThan(90);
    for (const r of RULES) expect(Object.keys(files)).toContain(r.module);
  });

  test.each(RULES.map((r) => [r.rule, r] as const))('%s: its columns are named only in its module', (_name, r) => {
    // The module itself names them (else the patterns are stale and the test checks nothing).
    expect(codeOf(files[r.module]).some((l) => r.patterns.some((p) => p.test(l)))).toBe(true);
    expect(restatedRules(files).filter((f) => f.includes(`"${r.rule}"`))).toEqual([]);
  });

  test('a planted copy is found (the check can fail)', () => {
    const planted = {
      'server/drafts/queries.ts': "const x = `SELECT 1 FROM contact ct WHERE NOT ct.is_private OR ct.user_id = $2`;\n// a comment on is_private is fine",
      'server/users/queries.ts': 'await prisma.user.findMany({ where: { id, isDeleted: false } });',
      'server/sending/policy.ts': "const s = `EXISTS (SELECT 1 FROM group_member gm WHERE gm.user_id = ${user})`;",
    };
    expect(restatedRules(planted).map((f) => f.split(' restates ')[0])).toEqual([
      'server/drafts/queries.ts:1',
      'server/users/queries.ts:1',
      'server/sending/policy.ts:1',
    ]);
  });

  test("every server file starts with import 'server-only'", () => {
    expect(withoutServerOnly(files)).toEqual([]);
    expect(withoutServerOnly({ 'server/x.ts': "// why\nimport { sql } from './db';\nimport 'server-only';" })).toEqual(['server/x.ts']);
  });
});

// Tables of people's data are read only through their owning module (issue 45, docs/decisions/085):
// the module exports each audience's form (a function, or an SQL relation such as
// visibleContactsSql that carries the rule inside it), so no query elsewhere can leave the rule out.
// A read is any SELECT of the table (FROM / JOIN, a DELETE's own target excepted), a Prisma read
// of its delegate (findMany, findFirst, findUnique, count, aggregate, groupBy, and their OrThrow
// forms) or a Prisma relation read (select / include / a relation filter). Writes (INSERT, UPDATE,
// DELETE, Prisma create / update / delete) are not reads.
type PersonalTable = {
  table: string;
  /** Where every read lives. */
  owners: string[];
  /** The Prisma model's delegate (`prisma.contact`) and the relation fields that reach it from other models. */
  delegate: string;
  relations: string[];
  /**
   * Files that read the table only inside a write of their own (a batch delete selecting its ids):
   * how many such reads, and why. One read more in the file fails: it must go through the owner.
   */
  writers?: Record<string, { reads: number; why: string }>;
};

export const PERSONAL_TABLES: PersonalTable[] = [
  { table: 'contact', owners: ['server/contacts/queries.ts', 'server/contacts/policy.ts'], delegate: 'contact', relations: ['contacts'] },
  { table: 'representative', owners: ['server/privacy/people.ts'], delegate: 'representative', relations: ['representatives'] },
  {
    table: 'notification',
    owners: ['server/watch/queries.ts'],
    delegate: 'notification',
    relations: ['notifications'],
    writers: { 'server/watch/retention.ts': { reads: 1, why: 'the retention batch deletes read notifications, selecting the batch\'s ids' } },
  },
  {
    table: 'mail_send',
    owners: ['server/sending/queries.ts'],
    delegate: 'mailSend',
    relations: ['mails'],
    writers: {
      'server/sending/sender.ts': { reads: 1, why: 'the queue claim is an UPDATE of the rows it picks FOR UPDATE SKIP LOCKED (decision 020)' },
      'server/sending/follow-up.ts': { reads: 2, why: 'a follow-up INSERTs its messages and companies from the sendings\' rows' },
    },
  },
  { table: 'mail_status_event', owners: ['server/sending/queries.ts'], delegate: 'mailStatusEvent', relations: ['events'] },
  // Webhook deliveries keep each event's body, and a campaign event names its recipient's address (issue 50).
  {
    table: 'webhook_delivery',
    owners: ['server/webhooks/endpoints.ts'],
    delegate: 'webhookDelivery',
    relations: ['deliveries'],
    writers: { 'server/webhooks/sender.ts': { reads: 1, why: 'the queue claim is an UPDATE of the rows it picks FOR UPDATE SKIP LOCKED, as the mail outbox' } },
  },
];

const PRISMA_READS = 'findMany|findFirst|findFirstOrThrow|findUnique|findUniqueOrThrow|count|aggregate|groupBy';

/** The patterns of a read of table `t`. */
function readPatterns(t: PersonalTable): RegExp[] {
  return [
    new RegExp(`(?<!\\bDELETE\\s+)\\b(?:FROM|JOIN)\\s+"?${t.table}"?(?![\\w"])`, 'gi'),
    new RegExp(`\\.${t.delegate}\\s*\\.\\s*(?:${PRISMA_READS})\\b`, 'g'),
    ...t.relations.map((r) => new RegExp(`\\b${r}\\s*:\\s*(?:\\{|true\\b)`, 'g')),
  ];
}

/** The reads of table `t` in one file's code: line and text. */
function readsOf(t: PersonalTable, text: string): Array<{ line: number; text: string }> {
  // Whole text, not lines: `FROM\n contact` and a Prisma call over several lines are reads too.
  const code = codeOf(text).join('\n');
  return readPatterns(t).flatMap((re) =>
    [...code.matchAll(re)].map((m) => ({ line: code.slice(0, m.index).split('\n').length, text: m[0].replace(/\s+/g, ' ') })),
  );
}

/**
 * Every read of a people's-data table in server/** outside its owners (file:line, the table, the
 * text); in a listed writer, its reads when there are more than it is allowed.
 */
export function personalDataReads(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    for (const t of PERSONAL_TABLES) {
      if (t.owners.includes(file)) continue;
      const reads = readsOf(t, text);
      const allowed = t.writers?.[file]?.reads ?? 0;
      if (reads.length <= allowed) continue;
      const over = allowed ? ` (${reads.length} reads, ${allowed} listed)` : '';
      for (const r of reads) found.push(`${file}:${r.line} reads ${t.table}${over} (call ${t.owners.join(' or ')}): ${r.text}`);
    }
  }
  return found.sort();
}

describe("people's data is read only through its owning module", () => {
  test('every owner exists and reads its table (else the patterns are stale and the test checks nothing)', () => {
    for (const t of PERSONAL_TABLES) {
      for (const owner of t.owners.slice(0, 1)) {
        expect({ owner, exists: owner in files }).toEqual({ owner, exists: true });
        const code = codeOf(files[owner]).join('\n');
        expect({ owner, table: t.table, reads: readPatterns(t).some((re) => code.search(re) >= 0) }).toEqual({ owner, table: t.table, reads: true });
      }
      for (const f of Object.keys(t.writers ?? {})) expect({ f, exists: f in files }).toEqual({ f, exists: true });
    }
  });

  test('no other server file reads contact, representative, notification, mail_send or mail_status_event', () => {
    expect(personalDataReads(files)).toEqual([]);
  });

  test('a writer that no longer reads the table is dropped from the list (the list only shrinks)', () => {
    const stale = PERSONAL_TABLES.flatMap((t) =>
      Object.keys(t.writers ?? {})
        .filter((f) => f in files && readsOf(t, files[f]).length === 0)
        .map((f) => `${f} (${t.table})`),
    );
    expect(stale).toEqual([]);
  });

  test("today's loadMergeValues query, planted back, is found; so are one raw read of each table and the mail reads moved since", () => {
    // The contact read of loadMergeValues as it was (git show ca0d889:server/sending/sender.ts): no
    // visibility rule, so another user's private contact lent its name to the mail (issue 45).
    const loadMergeValues = [
      'export async function loadMergeValues(batch: Pick<Claimed, \'cui\' | \'email\'>[]): Promise<Map<string, MergeValues>> {',
      '  const cuis = [...new Set(batch.map((m) => m.cui))];',
      '  const contacts = await sql<{ cui: number; email: string; name: string | null }>(',
      '    `SELECT DISTINCT ON (cui, lower(btrim(email))) cui, lower(btrim(email)) AS email, name',
      '       FROM contact WHERE cui = ANY($1::int[]) AND lower(btrim(email)) = ANY($2::text[]) AND NOT is_deleted',
      '      ORDER BY cui, lower(btrim(email)), id`,',
      '    [cuis, batch.map((m) => m.email)],',
      '  );',
    ].join('\n');
    const planted = {
      'server/sending/sender.ts': loadMergeValues,
      'server/templates/merge-values.ts': 'const r = await prisma.contact.findMany({\n  where: { cui },\n});',
      'server/company/queries.ts': "const reps = await sql(`SELECT name FROM representative WHERE cui = $1`, [cui]);",
      'server/users/queries.ts': 'const c = await prisma.company.findUnique({ where: { cui }, select: { representatives: true } });',
      'server/drafts/queries.ts': 'const m = await sql(`SELECT ms.email FROM grouped_mail gm\n  JOIN\n    mail_send ms ON ms.grouped_mail_id = gm.id`);',
      'server/groups/queries.ts': "const e = await tx.mailStatusEvent.count({ where: { status: 'Deschis' } });",
      // The four reads decision 085 left behind, as they were (git show 3f37cc6): the tracking
      // retention's batch, its join to the sendings, the queue-depth gauge, the own-data download.
      'server/personal-data/retention.ts': [
        'const r = `DELETE FROM mail_status_event e',
        '  WHERE e.id IN (SELECT id FROM mail_status_event WHERE created_at < $1 ORDER BY id LIMIT 10000)',
        '  RETURNING e.mail_send_id`;',
        'const t = `SELECT ms.grouped_mail_id FROM old JOIN mail_send ms ON ms.id = old.mail_send_id`;',
      ].join('\n'),
      'server/ops/metrics.ts': "const q = `SELECT status, count(*)::int FROM mail_send WHERE status IN ('Queued', 'Sending') GROUP BY status`;",
      'server/personal-data/own-data.ts': [
        "const n = await sql(`SELECT * FROM \"notification\" WHERE user_id = $1`, [id]);",
        'const m = await prisma.groupedMail.findMany({ where: { createdById: id }, select: { mails: { select: { email: true } } } });',
      ].join('\n'),
      'server/sending/bounces/record.ts': 'const t = `SELECT id, email FROM mail_send WHERE tracking_id = $1::uuid AND lower(email) = $2`;',
      'server/watch/fanout.ts': '// FROM notification in a comment is fine\nconst ok = `DELETE FROM notification WHERE id = $1`;',
      // A writer allowed one read inside its own write, with a second, plain read added.
      'server/watch/retention.ts': 'const a = `DELETE FROM notification WHERE id IN (SELECT id FROM notification LIMIT 10)`;\nconst b = `SELECT user_id FROM notification`;',
    };
    expect(personalDataReads(planted).map((f) => f.split(' (call ')[0])).toEqual([
      'server/company/queries.ts:1 reads representative',
      'server/drafts/queries.ts:2 reads mail_send',
      'server/groups/queries.ts:1 reads mail_status_event',
      'server/ops/metrics.ts:1 reads mail_send',
      'server/personal-data/own-data.ts:1 reads notification',
      'server/personal-data/own-data.ts:2 reads mail_send',
      'server/personal-data/retention.ts:2 reads mail_status_event',
      'server/personal-data/retention.ts:4 reads mail_send',
      'server/sending/bounces/record.ts:1 reads mail_send',
      'server/sending/sender.ts:5 reads contact',
      'server/templates/merge-values.ts:1 reads contact',
      'server/users/queries.ts:1 reads representative',
      'server/watch/retention.ts:1 reads notification (2 reads, 1 listed)',
      'server/watch/retention.ts:2 reads notification (2 reads, 1 listed)',
    ]);
  });
});

/** Route files under app/api (the wrapper types the actor by access level). */
function routeFiles(dir = path.join(root, 'app/api')): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...routeFiles(full));
    else if (e.name === 'route.ts') out.push(path.relative(root, full));
  }
  return out;
}

export function nonNullActors(routes: Record<string, string>): string[] {
  return Object.entries(routes)
    .filter(([, text]) => /\bactor!/.test(codeOf(text).join('\n')))
    .map(([f]) => f);
}

test('no route asserts its actor non-null: handlers declared for User or Admin get a typed actor', () => {
  const routes = Object.fromEntries(routeFiles().map((f) => [f, readFileSync(path.join(root, f), 'utf8')]));
  expect(Object.keys(routes).length).toBeGreaterThan(100);
  expect(nonNullActors(routes)).toEqual([]);
  expect(nonNullActors({ 'app/api/X/route.ts': 'handler: ({ actor }) => run(actor!),' })).toEqual(['app/api/X/route.ts']);
});

// One e2e fixture module (issue 31): accounts (unique suffix, password, register, sign-in) live in
// tests/e2e/support/accounts.ts and the axe check in tests/e2e/support/a11y.ts. A spec that builds
// its own AxeBuilder or defines its own register/sign-in helper is a copy waiting to drift.
const E2E_SUPPORT = { accounts: 'tests/e2e/support/accounts.ts', a11y: 'tests/e2e/support/a11y.ts' };

/** Files that post to the registration endpoint themselves, and why (the endpoint is their subject). */
const REGISTER_CALLERS: Record<string, string> = {
  'tests/e2e/abuse-limits.spec.ts': 'floods the registration from 25 forged addresses: the limit is the subject',
};

/** A function named like an account helper, or the fresh accounts' password constant. */
const ACCOUNT_HELPERS = [
  /\b(?:function\s+|(?:const|let|var)\s+)(register\w*|signIn\w*|signUp\w*|logIn\w*|login\w*|tokens?Of|uniq)\b\s*(?:=\s*(?:async\s*)?(?:\(|\w+\s*=>|function\b)|[(<])/i,
  /\b(?:const|let|var)\s+(PASSWORD)\s*=/,
];

/** Every line of an e2e file outside the support modules that restates one of their helpers. */
export function e2eCopies(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    codeOf(text).forEach((line, i) => {
      const where = `${file}:${i + 1}`;
      if (file !== E2E_SUPPORT.a11y && (/\bAxeBuilder\b/.test(line) || /['"]@axe-core\/playwright['"]/.test(line))) {
        found.push(`${where} runs axe itself (use ${E2E_SUPPORT.a11y}): ${line.trim()}`);
      }
      if (file === E2E_SUPPORT.accounts) return;
      const helper = ACCOUNT_HELPERS.map((re) => re.exec(line)).find(Boolean);
      if (helper) found.push(`${where} defines ${helper[1]} (use ${E2E_SUPPORT.accounts}): ${line.trim()}`);
      if (/['"`]\/api\/Account\/register['"`]/.test(line) && !REGISTER_CALLERS[file]) {
        found.push(`${where} registers by itself (use registerAccount of ${E2E_SUPPORT.accounts}): ${line.trim()}`);
      }
    });
  }
  return found;
}

function e2eFiles(dir = path.join(root, 'tests/e2e')): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...e2eFiles(full));
    else if (/\.tsx?$/.test(e.name)) out.push(path.relative(root, full).split(path.sep).join('/'));
  }
  return out.sort();
}

describe('one e2e fixture module for accounts and axe', () => {
  const e2e = Object.fromEntries(e2eFiles().map((f) => [f, readFileSync(path.join(root, f), 'utf8')]));

  test('no spec restates a helper of tests/e2e/support', () => {
    expect(Object.keys(e2e).length).toBeGreaterThan(20);
    expect(Object.keys(e2e)).toEqual(expect.arrayContaining([E2E_SUPPORT.accounts, E2E_SUPPORT.a11y]));
    expect(e2eCopies(e2e)).toEqual([]);
  });

  test('planted copies are found (the check can fail)', () => {
    const planted = {
      'tests/e2e/x.spec.ts': [
        "import AxeBuilder from '@axe-core/playwright';",
        "const PASSWORD = 'Parola#2026';",
        'const uniq = () => `${Date.now()}`;',
        'async function registerByApi(request: APIRequestContext) {',
        "  await request.post('/api/Account/register', { data: user });",
        'async function signIn(page: Page, email: string) {',
        'const signInAdmin = async (page: Page) => {',
        'const tokenOf = (r: APIRequestContext) => r.post(url);',
        "const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a']).analyze();",
        // Not helpers: a value named login, a call of the module's helper, a comment.
        'const login = `maria.${id}`;',
        'const tokens = await signInAs(page, ADMIN.email, ADMIN.password);',
        '// function signIn(page) was here',
      ].join('\n'),
      'tests/e2e/abuse-limits.spec.ts': "  '/api/Account/register',",
    };
    expect(e2eCopies(planted).map((f) => f.split(' (use ')[0])).toEqual([
      'tests/e2e/x.spec.ts:1 runs axe itself',
      'tests/e2e/x.spec.ts:2 defines PASSWORD',
      'tests/e2e/x.spec.ts:3 defines uniq',
      'tests/e2e/x.spec.ts:4 defines registerByApi',
      'tests/e2e/x.spec.ts:5 registers by itself',
      'tests/e2e/x.spec.ts:6 defines signIn',
      'tests/e2e/x.spec.ts:7 defines signInAdmin',
      'tests/e2e/x.spec.ts:8 defines tokenOf',
      'tests/e2e/x.spec.ts:9 runs axe itself',
    ]);
  });
});

// The typed client (issue 29): the browser's code names the endpoint it calls by its contract key
// (apiCall, lib/api/client.ts) and reads the answer as the contract's schema describes it. A call
// of the untyped layer with a type argument (`api.get<Paged<Group>>(…)`, `apiRequest<T>(…)`) is a
// hand-written answer cast that the contract does not check; this test fails on it.

/** The browser's code: components, the app's pages (not its API routes) and the domain clients. */
function browserFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) return rel === 'app/api' ? [] : walk(rel);
      return /\.tsx?$/.test(e.name) ? [rel] : [];
    });
  const clients = readdirSync(path.join(root, 'lib'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'api')
    .flatMap((e) => ['client.ts', 'client.tsx'].map((f) => `lib/${e.name}/${f}`))
    .filter((f) => {
      try {
        readFileSync(path.join(root, f));
        return true;
      } catch {
        return false;
      }
    });
  return [...walk('components'), ...walk('app'), ...clients].sort();
}

/**
 * A call of the untyped API layer with a type argument (the call may span lines: `api\n  .get<T>(`),
 * or of the public pages' JSON loader (fetchJson<T>, useJson<T>: the typed form is publicCall(key)).
 */
const ANSWER_CAST = /\b(api\s*\.\s*(?:get|post|put|delete|patch)|apiRequest|fetchJson|useJson)\s*<[^>(]/g;
/** Where the typed calls are built on the untyped ones. */
const TYPED_CLIENTS = ['components/company-details/fetch-json.ts', 'components/company-details/use-json.ts'];

/** Every hand-written answer cast of the browser's code outside lib/api/, with its file and line. */
export function answerCasts(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    if (file.startsWith('lib/api/') || TYPED_CLIENTS.includes(file)) continue;
    const code = codeOf(text).join('\n');
    for (const m of code.matchAll(ANSWER_CAST)) {
      const line = code.slice(0, m.index).split('\n').length;
      found.push(`${file}:${line} casts the answer of ${m[1].replace(/\s+/g, '')} (call apiCall or publicCall with the contract key)`);
    }
  }
  return found;
}

describe('the browser reads answers through the contract (typed client)', () => {
  const browser = Object.fromEntries(browserFiles().map((f) => [f, readFileSync(path.join(root, f), 'utf8')]));

  test('no browser file casts an API answer to a hand-written type', () => {
    expect(Object.keys(browser).length).toBeGreaterThan(100);
    expect(Object.keys(browser)).toEqual(expect.arrayContaining(['lib/groups/client.ts', 'components/users/users-api.ts']));
    expect(answerCasts(browser)).toEqual([]);
  });

  test('planted casts are found (the check can fail)', () => {
    const planted = {
      'components/x.tsx': [
        "const page = await api.get<Paged<Group>>(endpoint('GET /api/Group/getGroups'), q);",
        'api',
        "  .post<{ Id: number }>(endpoint('POST /api/Group/add'))",
        'const raw = await apiRequest<TokenPair>(url, { method: "POST" });',
        'const list = useJson<PagedList<TenderRow>>({ url });',
        // Not casts: the typed client, an untyped call, a comment, a generic of another object.
        "const groups = await apiCall('GET /api/Group/getGroups', { query: q });",
        "await api.put(endpoint('PUT /api/Group/update'), group);",
        '// api.get<Paged<Group>>(…) was here',
        'const m = map.get<string>(key);',
      ].join('\n'),
      'lib/api/client.ts': 'return apiRequest<AnswerOf<K>>(url, opts);',
    };
    expect(answerCasts(planted).map((f) => f.split(' (call ')[0])).toEqual([
      'components/x.tsx:1 casts the answer of api.get',
      'components/x.tsx:2 casts the answer of api.post',
      'components/x.tsx:4 casts the answer of apiRequest',
      'components/x.tsx:5 casts the answer of useJson',
    ]);
  });
});
