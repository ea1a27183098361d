// The server process's heap, allocator and thread pool (scripts/server-runtime.mjs, decision 122):
// every launcher of scripts/serve.mjs goes through spawnServer(), and the image and compose file
// repeat the same values, so the instance measured by the benchmarks is the one that ships.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ENV, SERVER_NODE_ARGS, serverProcess } from '../../scripts/server-runtime.mjs';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

test('the operator wins: a variable already set and a flag already in NODE_OPTIONS are kept', () => {
  const plain = serverProcess({ PATH: '/bin' });
  expect(plain.args).toEqual(SERVER_NODE_ARGS);
  expect(plain.env).toMatchObject({ ...SERVER_ENV, PATH: '/bin' });
  const own = serverProcess({ MALLOC_ARENA_MAX: '4', NODE_OPTIONS: '--max-old-space-size=2048' });
  expect(own.env.MALLOC_ARENA_MAX).toBe('4');
  expect(own.args).not.toContainEqual(expect.stringMatching(/^--max-old-space-size/));
  expect(own.args).toContain('--max-semi-space-size=32');
});

test('the Dockerfile and docker-compose.yml start the server with the same values', () => {
  const docker = read('Dockerfile');
  for (const [name, value] of Object.entries(SERVER_ENV)) expect(docker).toMatch(new RegExp(`^ENV .*\\b${name}=${value}\\b`, 'm'));
  const cmd = /^CMD (\[.*\])$/m.exec(docker)?.[1];
  expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...SERVER_NODE_ARGS, 'scripts/serve.mjs', '-p', '3000', '-H', '0.0.0.0']);
  const compose = /command: (\["node", [^\n]*"scripts\/serve\.mjs"[^\n]*\])/.exec(read('docker-compose.yml'))?.[1];
  expect(JSON.parse(compose ?? '[]')).toEqual(['node', ...SERVER_NODE_ARGS, 'scripts/serve.mjs', '-p', '3000', '-H', '0.0.0.0']);
});

test('no script starts scripts/serve.mjs but through spawnServer()', () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(ROOT, dir))) {
      const rel = path.join(dir, name);
      if (statSync(path.join(ROOT, rel)).isDirectory()) walk(rel);
      else if (/\.(ts|mjs|js)$/.test(name)) files.push(rel);
    }
  };
  walk('scripts');
  walk('tests');
  const offenders = files.filter((f) => /spawn\([^)]*serve\.mjs/s.test(read(f).replace(/\/\/[^\n]*/g, '')));
  expect(offenders).toEqual([]);
  // The launchers the README's commands and the benchmarks use do call it.
  for (const f of ['scripts/start.ts', 'scripts/e2e-server.ts', 'scripts/bench/production-server.ts']) expect(read(f)).toContain('spawnServer(');
});
