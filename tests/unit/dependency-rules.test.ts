// The import rules of .dependency-cruiser.js (decision 081) hold on the real tree, and they bite:
// the same rules, run on a small planted tree in a temporary directory, report a kernel module
// importing a domain, a domain importing a higher floor, a cycle, and a domain with no floor.
//
// dependency-cruiser is an ES module only package, which jest's CommonJS runtime cannot load, so
// each cruise runs its programmatic API (`cruise`) in a child Node process and prints the result.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const CONFIG = path.join(root, '.dependency-cruiser.js');

type Violation = { rule: string; from: string; to: string };
type Cruised = { violations: Violation[]; modules: Array<{ source: string; dependencies: string[] }> };

const CRUISE = `
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
const { config, baseDir, targets, useTsConfig } = JSON.parse(process.env.CRUISE_JOB);
const options = await extractDepcruiseOptions(config);
if (!useTsConfig) delete options.tsConfig;
const tsConfig = useTsConfig ? extractTSConfig(options.tsConfig.fileName) : undefined;
const result = await cruise(targets, { ...options, baseDir, outputType: 'json' }, {}, { tsConfig });
const out = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
process.stdout.write(JSON.stringify({
  violations: out.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to })),
  modules: out.modules.map((m) => ({ source: m.source, dependencies: m.dependencies.map((d) => d.resolved) })),
}));
`;

function runCruise(job: { baseDir: string; targets: string[]; useTsConfig: boolean }): Cruised {
  // cwd is the repository so the child resolves 'dependency-cruiser' from its node_modules.
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', CRUISE], {
    cwd: root,
    env: { ...process.env, CRUISE_JOB: JSON.stringify({ config: CONFIG, ...job }) },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`dependency-cruiser failed (${child.status}): ${child.stderr}`);
  return JSON.parse(child.stdout) as Cruised;
}

describe('the real tree', () => {
  let real: Cruised;
  beforeAll(() => {
    real = runCruise({ baseDir: root, targets: ['server', 'app', 'lib', 'components'], useTsConfig: true });
  }, 180_000);

  it('has no violation of .dependency-cruiser.js', () => {
    expect(real.violations).toEqual([]);
  });

  it('is really cruised: the @/ alias resolves, so the rules see every server import', () => {
    // Were '@/server/...' unresolved, no app → server arrow would exist and the rules would pass vacuously.
    const route = real.modules.find((m) => m.source === 'app/api/Group/getCompanyGroups/route.ts');
    expect(route?.dependencies).toContain('server/search/group-companies.ts');
    const kernelFiles = real.modules.filter((m) => m.source.startsWith('server/kernel/'));
    expect(kernelFiles.map((m) => m.source)).toEqual(expect.arrayContaining(['server/kernel/db.ts', 'server/kernel/env.ts', 'server/kernel/errors.ts']));
    expect(real.modules.length).toBeGreaterThan(500);
  });
});

describe('a planted tree with the same rules', () => {
  let dir: string;
  let planted: Cruised;
  const file = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dependency-rules-'));
    file('server/kernel/errors.ts', 'export class AppError extends Error {}\n');
    // Planted: the kernel imports a domain (server/kernel/db.ts → server/groups/policy.ts).
    file('server/kernel/db.ts', "import { canReadGroup } from '../groups/policy';\nexport const db = { canReadGroup };\n");
    // Planted: a cycle between two domains, and groups (floor 3) importing search (floor 4):
    // server/groups/policy.ts → server/search/engine.ts → server/groups/policy.ts.
    file('server/groups/policy.ts', "import { AppError } from '../kernel/errors';\nimport { engine } from '../search/engine';\nexport const canReadGroup = () => [AppError, engine];\n");
    file('server/search/engine.ts', "import { canReadGroup } from '../groups/policy';\nexport const engine = () => canReadGroup;\n");
    // Planted: the outbox (mail, floor 2) imports the watch domain (floor 4), with no cycle.
    file('server/watch/policy.ts', "export const undeliverable = 'x';\n");
    file('server/mail/outbox.ts', "import { undeliverable } from '../watch/policy';\nexport const outbox = undeliverable;\n");
    // Allowed: a domain importing a lower floor (sending, floor 11, → mail, floor 2).
    file('server/sending/sender.ts', "import { outbox } from '../mail/outbox';\nexport const sender = outbox;\n");
    // Planted: a type-only cycle inside one domain (server/templates/dto.ts ⇄ server/templates/render.ts):
    // harmless at run time, still refused in server/.
    file('server/templates/dto.ts', "import type { Rendered } from './render';\nexport type Dto = { rendered: Rendered };\n");
    file('server/templates/render.ts', "import type { Dto } from './dto';\nexport type Rendered = { dto?: Dto };\n");
    // Planted: a domain that is on no floor.
    file('server/widgets/list.ts', "import { AppError } from '../kernel/errors';\nexport const list = AppError;\n");
    planted = runCruise({ baseDir: dir, targets: ['server'], useTsConfig: false });
  }, 180_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const reported = (rule: string) => planted.violations.filter((v) => v.rule === rule).map((v) => `${v.from} → ${v.to}`);

  it('reports the kernel importing a domain', () => {
    expect(reported('kernel-imports-no-domain')).toEqual(['server/kernel/db.ts → server/groups/policy.ts']);
  });

  it('reports the cycle between two domains', () => {
    expect(reported('no-circular')).toEqual(expect.arrayContaining(['server/groups/policy.ts → server/search/engine.ts']));
  });

  it('refuses even a type-only cycle in server/, which the tree-wide rule lets pass', () => {
    expect(reported('no-circular-server')).toEqual(expect.arrayContaining(['server/templates/dto.ts → server/templates/render.ts']));
    expect(reported('no-circular').filter((v) => v.startsWith('server/templates/'))).toEqual([]);
  });

  it('reports an import of a domain on a higher floor, and only those', () => {
    expect(reported('floor-groups')).toEqual(['server/groups/policy.ts → server/search/engine.ts']);
    expect(reported('floor-mail')).toEqual(['server/mail/outbox.ts → server/watch/policy.ts']);
    expect(reported('floor-search')).toEqual([]);
    expect(reported('floor-sending')).toEqual([]);
  });

  it('reports a domain that has no floor', () => {
    expect(reported('domain-has-a-floor')).toEqual(expect.arrayContaining(['server/widgets/list.ts → server/kernel/errors.ts']));
  });
});
