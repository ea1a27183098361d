// After an import every instance's search index is built again, and they take turns copying the table
// (SEARCH_ENGINE_LOAD_SLOTS=1: advisory-lock slots on the primary) instead of all copying it from
// the primary at once (issue 32, cluster-search; decision 050). Two instances, each its own process.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from '@/server/kernel/db';
import { createCompany } from '../factories/companies';

jest.setTimeout(180_000);

type Load = { startedAt: number; slotAt: number; copiedAt: number; endedAt: number };
type Line = { employees: number | null; loads: Load[]; ready: boolean };
const root = path.resolve(__dirname, '../..');
const children: ChildProcess[] = [];

function startInstance(cui: number) {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['--conditions=react-server', 'tests/integration/support/engine-instance.ts', String(cui), '2', '777'], {
    cwd: root,
    env: { ...process.env, SEARCH_ENGINE: 'index', SEARCH_ENGINE_POLL_MS: '200', SEARCH_ENGINE_LOAD_SLOTS: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const state = { last: null as Line | null };
  let buf = '';
  child.stdout!.on('data', (c: Buffer) => {
    buf += c.toString();
    const lines = buf.split('\n');
    buf = lines.pop()!;
    for (const l of lines) if (l.trim()) state.last = JSON.parse(l) as Line;
  });
  return state;
}

async function until(cond: () => boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timeout: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

afterAll(() => {
  for (const c of children) c.kill('SIGTERM');
});

test('an import reaches every instance; their copies of the table take turns', async () => {
  const company = await createCompany({ name: 'IMPORT INSTANTE SRL', employees: 2 });
  const a = startInstance(company.cui);
  const b = startInstance(company.cui);
  await until(() => a.last?.employees === 2 && b.last?.employees === 2, 120_000, 'both instances loaded');

  // An import: company rows written without the change log, then its one reload row.
  await sql(`BEGIN; SET LOCAL rf.search_log = 'off'; UPDATE company SET employees = 777 WHERE cui = ${company.cui}; COMMIT;`);
  await sql('INSERT INTO search_change (cui) VALUES (NULL)');
  // Each instance builds its index again from PostgreSQL (decision 106): wait for both builds.
  await until(() => a.last?.employees === 777 && b.last?.employees === 777 && a.last.loads.length === 2 && b.last.loads.length === 2, 120_000, 'both instances reloaded');

  const [la, lb] = [a.last!.loads, b.last!.loads];
  expect(la).toHaveLength(2);
  expect(lb).toHaveLength(2);
  // Each copy of the table (slot taken → rows read) lies wholly before or after the other's.
  for (const i of [0, 1]) {
    const [x, y] = [la[i], lb[i]];
    expect(x.copiedAt <= y.slotAt || y.copiedAt <= x.slotAt).toBe(true);
  }
});
