// Running the project's importers from a test, on the official-format fixtures, with the companies
// those fixtures name removed before and after (tests of the importers and of what they record).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runImport } from '@/scripts/import/engine';
import { makeImporter } from '@/scripts/import/index';

export const FIXTURES = path.resolve(__dirname, '../../fixtures/open-data');
export const SAMPLES = path.resolve(__dirname, '../../../data/samples');
/** Every CUI the open-data fixtures write. */
const FIXTURE_CUIS = [14399840, 31000019, 16834908, 14403470, 31000027, 31000035, 31000043, 31000051, 31000060, 31000094];

const tmp = mkdtempSync(path.join(os.tmpdir(), 'rf-import-'));
export const tmpDir = tmp;

export type Source = 'onrc' | 'mf' | 'sicap' | 'eu';

export const runSource = (source: Source, input: string, extra: Parameters<typeof runImport>[3] = {}) =>
  runImport(process.env.DATABASE_URL!, makeImporter(source), input, { quiet: true, rejectsFile: path.join(tmp, `${source}.csv`), ...extra });

/** The rows the fixtures' imports write, gone (awards and projects of the samples too). */
export async function clearFixtureData(db: pg.ClientBase): Promise<void> {
  await db.query('DELETE FROM tender WHERE source_key IS NOT NULL');
  await db.query('DELETE FROM eu_project WHERE source_key IS NOT NULL');
  await db.query('DELETE FROM company WHERE cui = ANY($1)', [FIXTURE_CUIS]);
  await db.query('DELETE FROM company_status WHERE code = 9999');
}
