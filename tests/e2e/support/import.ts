// The project's importer (`npm run import -- <source> <folder> --fortat`) run by a spec against the
// e2e server's database, on files in the official formats: the open-data fixtures of the import
// tests (tests/fixtures/open-data) and an MF year written from them.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readE2eState } from './e2e-state';

const ROOT = path.resolve(__dirname, '../../..');
export const OPEN_DATA = path.join(ROOT, 'tests/fixtures/open-data');

/** One JSON line of the run's result (the importer's --json); forced, so a rerun of the spec imports again. */
export function runImporter(source: 'onrc' | 'mf', input: string): { runId: number; changedCompanies: number } {
  const out = execFileSync('npm', ['run', '--silent', 'import', '--', source, input, '--fortat', '--json', '--respinse', path.join(os.tmpdir(), `e2e-${source}-respinse.csv`)], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: readE2eState().databaseUrl, NODE_ENV: 'development' },
    encoding: 'utf8',
    timeout: 240_000,
  });
  return JSON.parse(out.trim().split('\n').pop()!);
}

/**
 * MF statements of `year` in the official layout (WEB_UU_AN<year>.txt and its label file): the
 * 2023 fixture's rows, with `rows` (CUI, CAEN, I1…I20) written over them.
 */
export function writeMfYear(year: number, rows: string[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-mf-'));
  mkdirSync(dir, { recursive: true });
  copyFileSync(path.join(OPEN_DATA, 'mf/WEB_UU_AN2023.csv'), path.join(dir, `WEB_UU_AN${year}.csv`));
  const [header] = readFileSync(path.join(OPEN_DATA, 'mf/WEB_UU_AN2023.txt'), 'utf8').split(/\r?\n/);
  writeFileSync(path.join(dir, `WEB_UU_AN${year}.txt`), [header, ...rows].join('\r\n') + '\r\n');
  return dir;
}

/** The tax-arrears importer (`npm run fiscal:import-arrears`, decision 108) on a list written for the spec. */
export function runArrearsImporter(rows: Array<{ cui: number; name: string; stat: number; social: number }>, listDate: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-restante-'));
  const file = path.join(dir, `restante-mari-${listDate}.csv`);
  const header = 'Nr. crt.;CUI;Denumire;Buget stat principal;Buget stat accesorii;Asigurări sociale principal;Asigurări sociale accesorii;Sănătate principal;Sănătate accesorii;Șomaj principal;Șomaj accesorii;Total';
  writeFileSync(file, [header, ...rows.map((r, i) => `${i + 1};${r.cui};"${r.name}";${r.stat};0;${r.social};0;0;0;0;0;${r.stat + r.social}`)].join('\n') + '\n');
  return execFileSync('npm', ['run', '--silent', 'fiscal:import-arrears', '--', file], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: readE2eState().databaseUrl, NODE_ENV: 'development' },
    encoding: 'utf8',
    timeout: 120_000,
  });
}
