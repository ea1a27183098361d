// The official-data importers against a real PostgreSQL: the hand-made fixtures in the official
// byte formats (tests/fixtures/open-data) and the real SICAP and EU samples (data/samples).
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CrashForTest, runImport, type RunResult } from '@/scripts/import/engine';
import { makeImporter } from '@/scripts/import/index';

const url = process.env.DATABASE_URL!;
const FIX = path.resolve(__dirname, '../fixtures/open-data');
const SAMPLES = path.resolve(__dirname, '../../data/samples');
const OUR_CUIS = [14399840, 31000019, 16834908, 14403470, 31000027, 31000035, 31000043, 31000051, 31000060, 31000094];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'rf-import-'));
let db: pg.Client;

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await db.query(text, params)).rows as T[];
const one = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0];
const run = (source: 'onrc' | 'mf' | 'sicap' | 'eu', input: string, extra: Parameters<typeof runImport>[3] = {}) =>
  runImport(url, makeImporter(source), input, { quiet: true, rejectsFile: path.join(tmp, `${source}.csv`), ...extra });
const counts = (r: RunResult) => ({ read: r.read, inserted: r.inserted, updated: r.updated, unchanged: r.unchanged, rejected: r.rejected });

/** Everything the ONRC import writes for our companies, to compare two databases states. */
async function snapshot() {
  return {
    companies: await q(
      `SELECT cui, name, registration_code, euid, legal_form, county_id, locality_id, village, street, postal_code, full_address,
              establishment_date::text, status_code, is_active, other_caen_codes, caen_code, last_year, turnover
         FROM company WHERE cui = ANY($1) ORDER BY cui`,
      [OUR_CUIS],
    ),
    events: await q(`SELECT cui, status_code, event_date::text FROM company_status_event WHERE cui = ANY($1) ORDER BY cui, status_code`, [OUR_CUIS]),
    sources: await q(`SELECT cui, source, data_date::text, changed_date::text FROM company_source WHERE cui = ANY($1) ORDER BY cui, source`, [OUR_CUIS]),
  };
}

async function clearOurData() {
  await db.query('DELETE FROM tender WHERE source_key IS NOT NULL');
  await db.query('DELETE FROM eu_project WHERE source_key IS NOT NULL');
  await db.query('DELETE FROM company WHERE cui = ANY($1)', [OUR_CUIS]);
  await db.query('DELETE FROM company_status WHERE code = 9999');
}

beforeAll(async () => {
  db = new pg.Client({ connectionString: url });
  await db.connect();
  await clearOurData();
});
afterAll(async () => {
  await clearOurData();
  await db.query('SELECT * FROM rf_refresh_derived()');
  await db.end();
});

describe('ONRC', () => {
  let first: RunResult;
  it('imports the register snapshot: good rows in, bad rows rejected with their reason', async () => {
    first = await run('onrc', path.join(FIX, 'onrc-v1'));
    // 14 firm rows + 12 status rows + 10 CAEN rows + 5 status names
    expect(counts(first)).toEqual({ read: 41, inserted: 9, updated: 0, unchanged: 0, rejected: 5 });
    const rejects = readFileSync(first.rejectsFile!, 'utf8');
    expect(rejects).toContain('fără cod fiscal (CUI 0 sau gol)');
    expect(rejects).toContain('CUI cu cifra de control greșită: 31000018');
    expect(rejects).toContain('număr de înregistrare invalid: ""X99/1/2015""');
    expect(rejects).toContain('4 coloane în loc de 20');
    expect(rejects).toContain('CUI 31000027 duplicat: păstrată înregistrarea J22/2000/2010');
    expect(await one(`SELECT count(*)::int AS n FROM company WHERE cui IN (31000018, 31000078, 31000086)`)).toEqual({ n: 0 });
  });

  it('maps addresses to SIRUTA with both diacritic spellings, keeps stray quotes, folds cedillas', async () => {
    const dante = await one(
      `SELECT c.name, c.registration_code, c.euid, k.code AS county, l.name AS locality, c.street, c.postal_code, c.full_address,
              c.establishment_date::text AS est, c.other_caen_codes FROM company c
         JOIN county k ON k.id = c.county_id LEFT JOIN locality l ON l.id = c.locality_id WHERE c.cui = 14399840`,
    );
    expect(dante).toMatchObject({
      name: 'DANTE INTERNATIONAL SA', registration_code: 'J2002000372404', euid: 'ROONRC.J2002000372404', county: 'B',
      street: 'Șos. VIRTUȚII', postal_code: '060787', est: '2002-01-17', other_caen_codes: ['4741', '4791'],
    });
    expect(dante.locality).toMatch(/Sector(ul)? 6/);
    expect(dante.full_address).toBe('Șos. VIRTUȚII nr. 148, spatiul E47, București Sectorul 6, cod poștal 060787');
    expect(await one(`SELECT name FROM company WHERE cui = 31000019`)).toEqual({ name: '" CARDIOFORCE SRL' });
    const village = await one(`SELECT l.name AS uat, c.village FROM company c JOIN locality l ON l.id = c.locality_id WHERE c.cui = 16834908`);
    expect(village).toEqual({ uat: 'Livada', village: 'Sânleani' });
    const iasi = await one(`SELECT k.code, l.name FROM company c JOIN county k ON k.id = c.county_id JOIN locality l ON l.id = c.locality_id WHERE c.cui = 31000027`);
    expect(iasi).toEqual({ code: 'IS', name: 'Iași' });
  });

  it('keeps the operating registration of a duplicated CUI, the status history and Rev.3-only activities', async () => {
    expect(await one(`SELECT registration_code, status_code, is_active FROM company WHERE cui = 31000027`)).toEqual({
      registration_code: 'J22/2000/2010', status_code: 1048, is_active: true,
    });
    expect(await q(`SELECT status_code, event_date FROM company_status_event WHERE cui = 31000060 ORDER BY status_code`)).toEqual([
      { status_code: 1048, event_date: null },
      { status_code: 1053, event_date: null },
    ]);
    // Rev.3 6210 (software) is translated to its Rev.2 class 6201
    expect(await one(`SELECT other_caen_codes FROM company WHERE cui = 14403470`)).toEqual({ other_caen_codes: ['6201'] });
    expect(await one(`SELECT name, is_active FROM company_status WHERE code = 9999`)).toEqual({ name: 'Stare nouă de test', is_active: true });
    expect(await one(`SELECT name FROM company_status WHERE code = 1048`)).toEqual({ name: 'Funcțiune' });
    expect(await one(`SELECT name FROM company_status WHERE code = 1139`)).toEqual({ name: 'Insolvență' });
  });

  it('records the source and date of the facts and the run', async () => {
    expect(await one(`SELECT data_date::text, changed_date::text FROM company_source WHERE cui = 14399840 AND source = 'onrc'`)).toEqual({
      data_date: '2026-10-01', changed_date: '2026-10-01',
    });
    expect(await one(`SELECT status, phase, data_date::text FROM import_run WHERE id = $1`, [first.runId])).toEqual({
      status: 'done', phase: 'done', data_date: '2026-10-01',
    });
    // what the company page prints under its blocks
    const { getCompanySources } = await import('@/server/company/page');
    expect(await getCompanySources(14399840)).toEqual([{ Source: 'onrc', Label: 'ONRC', DataDate: '2026-10-01' }]);
  });

  it('changes nothing when the same files are imported again (skipped by their hash, or processed again when forced)', async () => {
    const before = await snapshot();
    const skipped = await run('onrc', path.join(FIX, 'onrc-v1'));
    expect(skipped.skipped).toBe(true);
    expect(counts(skipped)).toEqual({ read: 41, inserted: 0, updated: 0, unchanged: 9, rejected: 5 });
    const again = await run('onrc', path.join(FIX, 'onrc-v1'), { force: true });
    expect(again.skipped).toBe(false);
    expect(counts(again)).toEqual({ read: 41, inserted: 0, updated: 0, unchanged: 9, rejected: 5 });
    expect(again.changedCompanies).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it('updates only what changed in a newer snapshot: a rename, a move to another county, a new status, a new company', async () => {
    const before = await snapshot();
    const newer = await run('onrc', path.join(FIX, 'onrc-v2'));
    expect(counts(newer)).toEqual({ read: 44, inserted: 1, updated: 3, unchanged: 6, rejected: 5 });
    expect(await one(`SELECT name FROM company WHERE cui = 31000051`)).toEqual({ name: 'NUMELE NOU SRL' });
    expect(await one(`SELECT k.code, l.name FROM company c JOIN county k ON k.id = c.county_id JOIN locality l ON l.id = c.locality_id WHERE c.cui = 31000060`)).toEqual({
      code: 'TM', name: 'Timișoara',
    });
    const adm = await one(`SELECT status_code, is_active FROM company WHERE cui = 31000043`);
    expect(adm).toEqual({ status_code: 1139, is_active: false });
    expect(await q(`SELECT status_code, event_date::text FROM company_status_event WHERE cui = 31000043 ORDER BY status_code`)).toEqual([
      { status_code: 1048, event_date: null },
      { status_code: 1139, event_date: '2026-10-12' },
    ]);
    const after = await snapshot();
    const unchanged = (s: typeof before) => s.companies.filter((c) => [14399840, 31000019, 16834908, 14403470, 31000027, 31000035].includes(c.cui as number));
    expect(unchanged(after)).toEqual(unchanged(before));
    // the newer snapshot confirms every company; only the changed ones get a new change date
    expect(await one(`SELECT data_date::text, changed_date::text FROM company_source WHERE cui = 14399840 AND source = 'onrc'`)).toEqual({
      data_date: '2026-10-12', changed_date: '2026-10-01',
    });
    expect(await one(`SELECT data_date::text, changed_date::text FROM company_source WHERE cui = 31000051 AND source = 'onrc'`)).toEqual({
      data_date: '2026-10-12', changed_date: '2026-10-12',
    });
  });

  it('resumes after a crash mid-import and ends exactly as an uninterrupted import', async () => {
    await clearOurData();
    const clean = await run('onrc', path.join(FIX, 'onrc-v1'), { force: true });
    const expected = await snapshot();
    await clearOurData();
    await expect(run('onrc', path.join(FIX, 'onrc-v1'), { batchSize: 3, chunkSize: 2, crashAfter: 4, force: true })).rejects.toBeInstanceOf(CrashForTest);
    expect(await one(`SELECT status FROM import_run WHERE source = 'onrc' ORDER BY id DESC LIMIT 1`)).toEqual({ status: 'running' });
    await expect(run('onrc', path.join(FIX, 'onrc-v1'), { batchSize: 3, chunkSize: 2, crashAfter: 9, force: true })).rejects.toBeInstanceOf(CrashForTest);
    const resumed = await run('onrc', path.join(FIX, 'onrc-v1'), { batchSize: 3, chunkSize: 2, force: true });
    expect(resumed.resumed).toBe(true);
    expect(counts(resumed)).toEqual(counts(clean));
    expect(await snapshot()).toEqual(expected);
  });

  it('rebuilds the indexes a first load dropped, also after a crash in the middle of the merge', async () => {
    const indexes = async () => (await q<{ n: number }>(`SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'company'`))[0].n;
    // the foreign keys of the status events and source dates to company are dropped and restored too
    const keys = async () => (await q<{ n: number }>(`SELECT count(*)::int AS n FROM pg_constraint WHERE contype IN ('f', 'p')
                                                        AND conrelid::regclass::text IN ('company_status_event', 'company_source')`))[0].n;
    const before = await indexes();
    const keysBefore = await keys();
    const expected = await snapshot();
    await clearOurData();
    const opts = { batchSize: 5, chunkSize: 2, bulk: true, force: true } as const;
    await expect(run('onrc', path.join(FIX, 'onrc-v1'), { ...opts, crashAfter: 13 })).rejects.toBeInstanceOf(CrashForTest);
    expect(await indexes()).toBeLessThan(before);
    expect(await keys()).toBe(keysBefore - 2);
    const resumed = await run('onrc', path.join(FIX, 'onrc-v1'), opts);
    expect(resumed.resumed).toBe(true);
    expect(await indexes()).toBe(before);
    expect(await keys()).toBe(keysBefore);
    expect(await snapshot()).toEqual(expected);
  });
});

describe('MF statements', () => {
  it('maps indicator codes through the year labels, restores CAEN zeros and rejects unknown companies', async () => {
    // parallelFrom 1: the companies' rows are written by two sessions, split at the median CUI
    const r = await run('mf', path.join(FIX, 'mf'), { parallelFrom: 1 });
    expect(counts(r)).toEqual({ read: 8, inserted: 5, updated: 0, unchanged: 0, rejected: 3 });
    const rejects = readFileSync(r.rejectsFile!, 'utf8');
    expect(rejects).toContain('CUI 31000108 nu există în registru');
    expect(rejects).toContain('valoare nenumerică în I13');
    expect(rejects).toContain('CUI cu cifra de control greșită: 123');
    expect(await one(`SELECT caen_code, net_turnover, net_profit, employees, total_capitals FROM financial_year WHERE cui = 16834908 AND year = 2023`)).toEqual({
      caen_code: '4120', net_turnover: '2000000', net_profit: '210000', employees: 15, total_capitals: '600000',
    });
    expect(await one(`SELECT caen_code FROM financial_year WHERE cui = 31000051 AND year = 2023`)).toEqual({ caen_code: '0111' });
    // derived facts follow: latest year, turnover, main activity
    expect(await one(`SELECT last_year, turnover, caen_code FROM company WHERE cui = 14399840`)).toEqual({
      last_year: 2023, turnover: '9000000000', caen_code: '4791',
    });
    expect(await one(`SELECT count(*)::int AS n FROM company_rank WHERE cui = 14399840`)).toEqual({ n: 1 });
    const again = await run('mf', path.join(FIX, 'mf'), { force: true });
    expect(counts(again)).toEqual({ read: 8, inserted: 0, updated: 0, unchanged: 5, rejected: 3 });
  });

  it('reads the FY2015 layout (19 indicators, "Pierdere neta" for the gross loss) by its labels', async () => {
    const r = await run('mf', path.join(FIX, 'mf2015'));
    expect(counts(r)).toMatchObject({ inserted: 1, rejected: 0 });
    expect(await one(`SELECT net_turnover, total_income, gross_profit, gross_loss, net_profit, employees FROM financial_year WHERE cui = 31000019 AND year = 2015`)).toEqual({
      net_turnover: '250000', total_income: '255000', gross_profit: '25000', gross_loss: '0', net_profit: '21000', employees: 3,
    });
  });
});

describe('SICAP', () => {
  it('imports the API export sample and the 2018 caret layout, links parties by CUI and derives collaborations', async () => {
    const api = await run('sicap', path.join(SAMPLES, 'sicap-achizitii-directe-pnrr-sample.csv'));
    expect(api.read).toBe(300);
    expect(api.inserted + api.unchanged + api.rejected).toBeGreaterThan(290);
    const t = await one(`SELECT title, cpv_code, cpv_name, authority_cui, supplier_cui, final_value, publish_date::text, finish_date::text
                           FROM tender WHERE notice_no = 'DAN2304008'`);
    expect(t).toEqual({
      title: 'Servicii de dirigentie de santier pentru obiectivul de investitie „Construire locuințe pentru tineri în comuna Socodor, județul Arad” - PNRR C10',
      cpv_code: '71521000-6', cpv_name: 'Servicii de supraveghere a santierului', authority_cui: 3519330, supplier_cui: 16834908,
      final_value: '12300', publish_date: '2024-10-31', finish_date: '2024-10-09',
    });
    expect(await one(`SELECT has_tenders FROM company WHERE cui = 16834908`)).toEqual({ has_tenders: true });
    expect(await one(`SELECT number_of_collaborations FROM collaboration WHERE cui = 16834908 AND partner_cui = 3519330`)).toEqual({ number_of_collaborations: 1 });

    const c18 = await run('sicap', path.join(FIX, 'sicap2018'));
    expect(counts(c18)).toEqual({ read: 5, inserted: 4, updated: 0, unchanged: 0, rejected: 1 });
    expect(await one(`SELECT supplier_name, final_value, estimated_value, publish_date::text FROM tender WHERE notice_no = 'CAN100'`)).toEqual({
      supplier_name: '" UNIX SRL', final_value: '150001', estimated_value: '160000', publish_date: '2018-03-15',
    });
    expect(readFileSync(c18.rejectsFile!, 'utf8')).toContain('ofertant câștigător: fără cod fiscal');
    const again = await run('sicap', path.join(SAMPLES, 'sicap-achizitii-directe-pnrr-sample.csv'), { force: true });
    expect(again.inserted + again.updated).toBe(0);
  });

  it('reads a spreadsheet year (XLSX) through the same columns: the same award as in the CSV is unchanged', async () => {
    const xlsx = path.join(FIX, 'sicap2026-xlsx');
    // a crash after the first committed batch, then the same command resumes after it
    await expect(run('sicap', xlsx, { batchSize: 2, crashAfter: 1 })).rejects.toBeInstanceOf(CrashForTest);
    const r = await run('sicap', xlsx, { batchSize: 2 });
    expect(r.resumed).toBe(true);
    // DAN2304008 and DAN2304786 come from the CSV sample imported above: same key, same values
    expect(counts(r)).toEqual({ read: 5, inserted: 2, updated: 0, unchanged: 2, rejected: 1 });
    expect(await one(`SELECT title, cpv_code, authority_cui, supplier_cui, supplier_name, final_value, publish_date::text, finish_date::text
                        FROM tender WHERE notice_no = 'DAN2600001'`)).toEqual({
      title: 'Reparații acoperiș școală', cpv_code: '45261910-5', authority_cui: 4305857, supplier_cui: 14403470, supplier_name: 'UNIX S.R.L.',
      final_value: '48501', publish_date: '2026-01-15', finish_date: '2026-01-20',
    });
    expect(await one(`SELECT publish_date::text, finish_date::text, final_value FROM tender WHERE notice_no = 'DAN2304008'`)).toEqual({
      publish_date: '2024-10-31', finish_date: '2024-10-09', final_value: '12300',
    });
    const rejects = readFileSync(r.rejectsFile!, 'utf8');
    expect(rejects).toContain('"achizitii-directe-2026-T1.xlsx";4;"ofertant câștigător: fără cod fiscal (CUI 0 sau gol)"');
    const again = await run('sicap', xlsx, { force: true });
    expect(counts(again)).toMatchObject({ inserted: 0, updated: 0, unchanged: 4 });
  });

  it('keeps foreign suppliers with their name, VAT number and country, without a CUI, on the buyer\'s page', async () => {
    // 2018 caret layout: the country column names Austria and Germany
    expect(await q(`SELECT notice_no, supplier_cui, supplier_name, supplier_tax_id, supplier_country, source_key FROM tender
                     WHERE notice_no IN ('CAN103', 'CAN104') ORDER BY notice_no`)).toEqual([
      { notice_no: 'CAN103', supplier_cui: null, supplier_name: 'STRABAG AG', supplier_tax_id: 'ATU15361506', supplier_country: 'Austria', source_key: 'sicap|CAN103|C4|ATU15361506' },
      { notice_no: 'CAN104', supplier_cui: null, supplier_name: 'SIEMENS MOBILITY GMBH', supplier_tax_id: '129268591', supplier_country: 'Germania', source_key: 'sicap|CAN104|C5|129268591' },
    ]);
    // XLSX year without a country column: the VAT prefix says it
    expect(await one(`SELECT authority_cui, supplier_cui, supplier_name, supplier_tax_id, supplier_country, final_value FROM tender WHERE notice_no = 'DAN2600003'`)).toEqual({
      authority_cui: 14399840, supplier_cui: null, supplier_name: 'NEMETSCHEK SE', supplier_tax_id: 'DE129268591', supplier_country: 'Germania', final_value: '61000',
    });
    // no collaboration pair, no company touched for the foreign side
    expect(await q(`SELECT cui, partner_cui FROM collaboration WHERE cui IS NULL OR partner_cui IS NULL`)).toEqual([]);
    // the buyer's tenders list shows the supplier by name and country, its VAT number in the CUI column, no link
    const { POST } = await import('@/app/api/Company/getAcqusitions/route');
    const res = await POST(new Request('http://test.local/api/Company/getAcqusitions', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ companyCui: 14399840, pageNumber: 1, pageSize: 20, searchText: 'germania' }),
    }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { Count: number; Items: Record<string, unknown>[] };
    expect(body.Count).toBe(1);
    expect(body.Items[0]).toMatchObject({
      Title: 'Licențe software de proiectare', Company: 'NEMETSCHEK SE', ColaboratorCUI: null, ColaboratorTaxId: 'DE129268591',
      ColaboratorCountry: 'Germania', CompanyIsSupplier: false, IsCompany: false, FinalValue: 61000,
    });
    // the buyer's own page changed: it has tenders and a SICAP source date
    expect(await one(`SELECT has_tenders FROM company WHERE cui = 14399840`)).toEqual({ has_tenders: true });
    expect(await one(`SELECT count(*)::int AS n FROM company_source WHERE cui = 14399840 AND source = 'sicap'`)).toEqual({ n: 1 });
  });
});

describe('EU projects', () => {
  it('links Kohesio rows by CUI or by name and lists the unmatched ones', async () => {
    const r = await run('eu', path.join(FIX, 'eu-kohesio'));
    expect(counts(r)).toEqual({ read: 3, inserted: 2, updated: 0, unchanged: 0, rejected: 1 });
    expect(await one(`SELECT cui, code, status_code, total_cost, ec_contribution, start_date::text FROM eu_project WHERE code = '123456'`)).toEqual({
      cui: 14399840, code: '123456', status_code: 'CLO', total_cost: '1000000', ec_contribution: '850000', start_date: '2019-02-01',
    });
    expect(await one(`SELECT cui, status_code FROM eu_project WHERE code = '654321'`)).toEqual({ cui: 31000019, status_code: 'ONG' });
    expect(readFileSync(r.rejectsFile!, 'utf8')).toContain('beneficiar negăsit în registru după nume (""nimeni nu"")');
    expect(await one(`SELECT has_eu_projects FROM company WHERE cui = 14399840`)).toEqual({ has_eu_projects: true });
  });

  it('matches the POR 2007–2013 sample by name and locality ("SC TESTER GROUP SRL IASI")', async () => {
    const r = await run('eu', path.join(SAMPLES, 'fonduri-ue-por-2007-2013-sample.csv'));
    expect(r.read).toBe(300);
    const mine = await q(`SELECT cui, code FROM eu_project WHERE cui = ANY($1) ORDER BY code`, [[31000027, 31000035, 31000043]]);
    expect(mine).toEqual([
      { cui: 31000043, code: '19321' },
      { cui: 31000027, code: '2100' },
      { cui: 31000035, code: '18614' },
    ].sort((a, b) => a.code.localeCompare(b.code)));
    expect(r.rejected).toBeGreaterThan(200);
  });
});
