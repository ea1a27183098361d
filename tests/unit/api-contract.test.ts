// The contract table (lib/api/contract) and the route files agree: every exported method of every
// app/api route file has a contract, every contract has its route file and method, and each
// apiRoute() call names the key of its own file.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTRACT, contractEntries } from '@/lib/api/contract';

const API_DIR = path.resolve(__dirname, '../../app/api');
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

function routeFiles() {
  return (readdirSync(API_DIR, { recursive: true }) as string[])
    .filter((f) => f.split(path.sep).pop() === 'route.ts')
    .map((f) => {
      const source = readFileSync(path.join(API_DIR, f), 'utf8');
      const apiPath = `/api/${path.dirname(f).split(path.sep).join('/')}`;
      const methods = METHODS.filter((m) => new RegExp(`export (const|async function|function) ${m}\\b|export \\{[^}]*\\bas ${m}\\b`).test(source));
      const named = [...source.matchAll(/apiRoute\('([A-Z]+ [^']+)'/g)].map((m) => m[1]);
      return { apiPath, methods, named };
    });
}

const routes = routeFiles();
const existing = routes.flatMap((r) => r.methods.map((m) => `${m} ${r.apiPath}`));

test('every exported method of every route file has a contract', () => {
  expect(existing.length).toBeGreaterThan(150);
  expect(existing.filter((key) => !(key in CONTRACT))).toEqual([]);
});

test('every contract has its route file exporting its method', () => {
  const set = new Set(existing);
  expect(Object.keys(CONTRACT).filter((key) => !set.has(key))).toEqual([]);
});

test('each apiRoute() call names a key of its own file', () => {
  const wrong = routes.flatMap((r) => r.named.filter((key) => key.slice(key.indexOf(' ') + 1) !== r.apiPath || !r.methods.includes(key.split(' ')[0])));
  expect(wrong).toEqual([]);
});

test('route files take their schemas from the contract, not inline', () => {
  const withSchemas = (readdirSync(API_DIR, { recursive: true }) as string[])
    .filter((f) => f.endsWith('route.ts'))
    .filter((f) => /^\s*(query|body|params)\s*:/m.test(readFileSync(path.join(API_DIR, f), 'utf8')));
  expect(withSchemas).toEqual([]);
});

test('every contract has a Romanian summary, an answer schema and a known access', () => {
  for (const e of contractEntries()) {
    expect([e.key, e.summary.length > 10]).toEqual([e.key, true]);
    expect([e.key, typeof e.answer?.safeParse]).toEqual([e.key, 'function']);
    expect(['public', 'user', 'admin', 'cron', 'metrics']).toContain(e.access);
    expect(e.summary).not.toMatch(/[şţŞŢ]/);
  }
});
