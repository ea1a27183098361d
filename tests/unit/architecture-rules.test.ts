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
