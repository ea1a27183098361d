// Reference data, the demo set, derived data and the first admin, as prepareDatabase leaves them
// (the global setup ran it on this throwaway cluster with 2,000 demo companies). These checks
// count the whole demo set, so they read a fresh clone of the template of their own: what other
// files of this worker wrote into its database (a company made, one deleted) does not move them.
import argon2 from 'argon2';
import pg from 'pg';
import { prepareDatabase } from '@/scripts/data/prepare';
import { TEMPLATE } from './worker-database-create.mjs';
import { insolvencyScore, type BalanceSheet } from '../support/insolvency-score';

const cluster = process.env.RF_TEST_CLUSTER_URL!;
const own = `rf_reference_w${Number(process.env.JEST_WORKER_ID ?? '1')}`;
const url = Object.assign(new URL(cluster), { pathname: `/${own}` }).href;
let db: pg.Client;

async function onCluster(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: cluster });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

async function one<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T> {
  const { rows } = await db.query(text, params);
  return rows[0] as T;
}
async function num(text: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query(text, params);
  return Number(Object.values(rows[0])[0]);
}

beforeAll(async () => {
  await onCluster(`DROP DATABASE IF EXISTS ${own}`);
  await onCluster(`CREATE DATABASE ${own} TEMPLATE ${TEMPLATE}`);
  db = new pg.Client({ connectionString: url });
  await db.connect();
  // Other test files share this database and write contacts, tenders and statuses straight in SQL
  // without the derived refresh; bring the derived data up to date once, so these checks judge
  // what the refresh computes rather than the order the files ran in.
  await db.query('SELECT * FROM rf_refresh_derived()');
});
afterAll(async () => {
  await db.end();
  await onCluster(`DROP DATABASE IF EXISTS ${own} WITH (FORCE)`);
});

describe('reference data', () => {
  it('has the 42 counties (41 + București) with their SIRUTA data', async () => {
    expect(await num('SELECT count(*) FROM county')).toBe(42);
    expect(await one('SELECT id, code, name, siruta, seat_name, region FROM county WHERE code = $1', ['CJ'])).toEqual({
      id: 12, code: 'CJ', name: 'Cluj', siruta: 127, seat_name: 'Cluj-Napoca', region: 'Nord-Vest',
    });
    expect(await num(`SELECT count(*) FROM county WHERE seat_name = ''`)).toBe(1); // Ilfov
  });

  it('has the 3,181 UATs and the 6 Bucharest sectors as localities', async () => {
    const { rows } = await db.query('SELECT type, count(*)::int AS n FROM locality GROUP BY type ORDER BY type');
    expect(rows).toEqual([
      { type: 'comuna', n: 2862 },
      { type: 'municipiu', n: 103 },
      { type: 'oras', n: 216 },
      { type: 'sector', n: 6 },
    ]);
    expect(await num(`SELECT count(*) FROM locality WHERE type <> 'sector'`)).toBe(3181);
    expect(await num(`SELECT count(*) FROM locality WHERE type = 'sector' AND county_id = 40`)).toBe(6);
    expect(await num('SELECT count(*) FROM locality WHERE is_seat')).toBe(41);
    expect(await num('SELECT count(*) FROM locality_component')).toBe(13749);
    expect(await one(`SELECT name_norm FROM locality WHERE name = 'Târgu Mureș'`)).toEqual({ name_norm: 'targu mures' });
  });

  it('has CAEN Rev.2 (21/88/272/615) and Rev.3 (22/87/287/651) with their hierarchy', async () => {
    const { rows } = await db.query(
      `SELECT revision, level, count(*)::int AS n FROM caen GROUP BY 1, 2 ORDER BY 1, array_position(array['section','division','group','class'], level::text)`,
    );
    expect(rows).toEqual([
      { revision: 2, level: 'section', n: 21 },
      { revision: 2, level: 'division', n: 88 },
      { revision: 2, level: 'group', n: 272 },
      { revision: 2, level: 'class', n: 615 },
      { revision: 3, level: 'section', n: 22 },
      { revision: 3, level: 'division', n: 87 },
      { revision: 3, level: 'group', n: 287 },
      { revision: 3, level: 'class', n: 651 },
    ]);
    // every class hangs under a group of its revision whose code is its own prefix
    expect(
      await num(
        `SELECT count(*) FROM caen c LEFT JOIN caen p ON p.revision = c.revision AND p.code = c.parent_code
         WHERE c.level = 'class' AND (p.level IS DISTINCT FROM 'group' OR left(c.code, 3) <> p.code)`,
      ),
    ).toBe(0);
    expect((await one(`SELECT name FROM caen WHERE revision = 2 AND code = '6201'`)).name).toMatch(/soft/i);
    expect((await one(`SELECT name FROM caen WHERE revision = 3 AND code = '6210'`)).name).toMatch(/soft/i);
  });

  it('has the 968 Rev.2 → Rev.3 correspondence pairs covering every Rev.2 class', async () => {
    expect(await num('SELECT count(*) FROM caen_correspondence')).toBe(968);
    expect(await num('SELECT count(DISTINCT rev2_code) FROM caen_correspondence')).toBe(615);
    expect(await num('SELECT count(DISTINCT rev3_code) FROM caen_correspondence')).toBe(650); // 4689 is new in Rev.3
    expect(await num(`SELECT count(*) FROM caen_correspondence WHERE rev2_code = '4791'`)).toBe(32);
  });

  it('has the status nomenclature and the roles', async () => {
    const { rows } = await db.query('SELECT code, name, is_active FROM company_status WHERE code = ANY($1) ORDER BY code', [[1048, 1084, 1139]]);
    expect(rows).toEqual([
      { code: 1048, name: 'Funcțiune', is_active: true },
      { code: 1084, name: 'Radiată', is_active: false },
      { code: 1139, name: 'Insolvență', is_active: false },
    ]);
    // every code of the status-icon rule has a name
    expect(await num('SELECT count(*) FROM company_status WHERE code = ANY($1)', [[1036, 1069, 1067, 2127, 2132, 2133, 1070, 1052, 1107]])).toBe(9);
    const roles = await db.query('SELECT name FROM role ORDER BY name');
    expect(roles.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['Admin', 'User']));
  });
});

describe('demo set and derived data', () => {
  it('seeded 2,000 companies with their years, statuses, people and tenders', async () => {
    expect(await num('SELECT count(*) FROM company')).toBe(2000);
    expect(await num('SELECT count(*) FROM financial_year')).toBeGreaterThan(2000 * 5);
    expect(await num('SELECT count(*) FROM company_status_event')).toBeGreaterThan(2000);
    expect(await num('SELECT count(*) FROM representative')).toBeGreaterThan(1500);
    expect(await num('SELECT count(*) FROM tender')).toBeGreaterThan(50);
    expect(await num('SELECT count(*) FROM company WHERE name_norm IS NULL')).toBe(0);
  });

  it('keeps the latest-year facts on the company row', async () => {
    const mismatches = await num(`
      SELECT count(*) FROM company c
      JOIN LATERAL (SELECT * FROM financial_year f WHERE f.cui = c.cui ORDER BY year DESC LIMIT 1) ly ON true
      WHERE c.last_year <> ly.year OR c.turnover <> ly.net_turnover OR c.employees <> ly.employees
         OR c.profit <> ly.net_profit - ly.net_loss OR c.insolvency_score IS DISTINCT FROM ly.insolvency_score
         OR c.has_insolvency_risk <> coalesce(ly.insolvency_score < 1.8, false)`);
    expect(mismatches).toBe(0);
    expect(await num('SELECT count(*) FROM company WHERE last_year IS NOT NULL')).toBeGreaterThan(1900);
    const flags = await num(`
      SELECT count(*) FROM company c WHERE
        c.has_email <> EXISTS (SELECT 1 FROM contact k WHERE k.cui = c.cui AND NOT k.is_private AND NOT k.is_deleted AND k.email <> '')
        OR c.has_phone <> EXISTS (SELECT 1 FROM contact k WHERE k.cui = c.cui AND NOT k.is_private AND NOT k.is_deleted AND k.phone <> '')
        OR c.has_tenders <> EXISTS (SELECT 1 FROM tender t WHERE t.supplier_cui = c.cui OR t.authority_cui = c.cui)
        OR c.has_eu_projects <> EXISTS (SELECT 1 FROM eu_project e WHERE e.cui = c.cui)
        OR c.is_active <> (SELECT s.is_active FROM company_status s WHERE s.code = c.status_code)`);
    expect(flags).toBe(0);
    expect(await num('SELECT count(*) FROM company WHERE has_email')).toBeGreaterThan(100);
    // a realistic minority at high risk (latest score under 1.8), not half the companies
    const atRisk = await num('SELECT count(*) FROM company WHERE has_insolvency_risk');
    expect(atRisk).toBeGreaterThan(100);
    expect(atRisk / (await num('SELECT count(*) FROM company'))).toBeLessThan(0.25);
    // importance: bigger first, operating companies before the others
    const top = await one<{ is_active: boolean; turnover: string }>('SELECT is_active, turnover FROM company ORDER BY importance DESC LIMIT 1');
    expect(top.is_active).toBe(true);
    expect(Number(top.turnover)).toBeGreaterThan(10_000_000);
  });

  it('scores insolvency per year with the documented formula', async () => {
    const y = await one<Record<string, string>>(
      `SELECT * FROM financial_year WHERE total_immobilised_assets + total_circulating_assets + expenses_in_advance > 0 ORDER BY cui, year LIMIT 1`,
    );
    const sheet = Object.fromEntries(Object.entries(y).map(([k, v]) => [k, Number(v)])) as unknown as BalanceSheet;
    const expected = insolvencyScore(sheet);
    expect(expected).not.toBeNull();
    expect(Number(y.insolvency_score)).toBeCloseTo(expected!, 2);
  });

  it('returns growth versus the previous year from v_financial_year', async () => {
    const rows = (
      await db.query(
        `SELECT year, net_turnover, net_turnover_growth, employees, employees_growth FROM v_financial_year
         WHERE cui = (SELECT cui FROM company WHERE employees > 5 ORDER BY cui LIMIT 1) ORDER BY year`,
      )
    ).rows;
    expect(rows.length).toBeGreaterThan(1);
    expect(rows[0].net_turnover_growth).toBeNull();
    const [a, b] = [rows[rows.length - 2], rows[rows.length - 1]];
    const expected = Math.round(((Number(b.net_turnover) - Number(a.net_turnover)) / Math.abs(Number(a.net_turnover))) * 10000) / 100;
    expect(Number(b.net_turnover_growth)).toBeCloseTo(expected, 2);
    const zeroBase = await num(`SELECT count(*) FROM v_financial_year v WHERE employees_growth IS NOT NULL
      AND EXISTS (SELECT 1 FROM financial_year p WHERE p.cui = v.cui AND p.year = v.year - 1 AND p.employees = 0)`);
    expect(zeroBase).toBe(0);
  });

  it('computes trends: last-year growth and the largest spike', async () => {
    expect(await num('SELECT count(*) FROM company_trend')).toBe(await num('SELECT count(DISTINCT cui) FROM financial_year'));
    const wrongGrowth = await num(`
      SELECT count(*) FROM company_trend t
      JOIN LATERAL (SELECT array_agg(net_turnover ORDER BY year DESC) AS v FROM financial_year f WHERE f.cui = t.cui) y ON true
      WHERE cardinality(y.v) >= 2 AND t.turnover_has_growth IS DISTINCT FROM (y.v[1] > y.v[2])`);
    expect(wrongGrowth).toBe(0);
    const spike = await one<{ cui: number; turnover_spike_year: number; turnover_spike_up: boolean }>(
      'SELECT cui, turnover_spike_year, turnover_spike_up FROM company_trend WHERE turnover_spike_year IS NOT NULL ORDER BY cui LIMIT 1',
    );
    const pair = (
      await db.query('SELECT year, net_turnover FROM financial_year WHERE cui = $1 AND year IN ($2 - 1, $2) ORDER BY year', [spike.cui, spike.turnover_spike_year])
    ).rows.map((r) => Number(r.net_turnover));
    const ratio = pair[1] / pair[0];
    expect(ratio >= 2 || ratio <= 0.5).toBe(true);
    expect(spike.turnover_spike_up).toBe(ratio >= 2);
  });

  it('ranks companies among the same main CAEN in the country, county and locality', async () => {
    const ranked = await num('SELECT count(*) FROM company_rank');
    expect(ranked).toBe(await num('SELECT count(*) FROM company WHERE is_active AND last_year IS NOT NULL'));
    const first = await one<{ cui: number; caen_code: string }>(
      `SELECT c.cui, c.caen_code FROM company_rank r JOIN company c USING (cui) WHERE r.turnover_country = 1 AND c.caen_code = '4711'`,
    );
    const best = await one<{ cui: number }>(
      `SELECT cui FROM company WHERE caen_code = '4711' AND is_active AND last_year IS NOT NULL ORDER BY turnover DESC, cui LIMIT 1`,
    );
    expect(first.cui).toBe(best.cui);
    // positions are 1..n without gaps in every (CAEN, county) group
    const gaps = await num(`
      SELECT count(*) FROM (SELECT c.caen_code, c.county_id, max(r.profit_county) AS mx, count(*) AS n
        FROM company_rank r JOIN company c USING (cui) GROUP BY 1, 2) g WHERE mx <> n`);
    expect(gaps).toBe(0);
  });

  it('derives the collaboration network from the tenders, in both directions', async () => {
    const total = await num('SELECT count(*) FROM tender WHERE authority_cui <> supplier_cui');
    expect(await num('SELECT sum(number_of_collaborations) FROM collaboration')).toBe(2 * total);
    expect(
      await num(`SELECT count(*) FROM collaboration a LEFT JOIN collaboration b ON b.cui = a.partner_cui AND b.partner_cui = a.cui
                 WHERE b.number_of_collaborations IS DISTINCT FROM a.number_of_collaborations`),
    ).toBe(0);
    // some collaborations are between two companies of the set (public companies buy too)
    expect(await num('SELECT count(*) FROM collaboration c JOIN company p ON p.cui = c.partner_cui JOIN company q ON q.cui = c.cui')).toBeGreaterThan(0);
  });

  it('fills the landing statistics', async () => {
    const totals = await one<Record<string, string>>('SELECT * FROM mv_landing_totals');
    expect(Number(totals.companies)).toBe(2000);
    expect(Number(totals.active_companies)).toBe(await num('SELECT count(*) FROM company WHERE is_active'));
    expect(Number(totals.representatives)).toBe(await num('SELECT count(*) FROM representative'));
    expect(Number(totals.tenders)).toBe(await num('SELECT count(*) FROM tender'));
    expect(await num('SELECT sum(companies) FROM mv_county_stats')).toBe(2000);
    expect((await one('SELECT code FROM mv_county_stats ORDER BY companies DESC LIMIT 1')).code).toBe('B');
    expect((await one('SELECT caen_code FROM mv_caen_stats ORDER BY companies DESC LIMIT 1')).caen_code).toBe('4711');
    expect(await num('SELECT sum(companies) FROM mv_caen_section_stats')).toBe(2000);
    const bands = (await db.query('SELECT band, min_turnover, max_turnover, companies FROM mv_size_band_stats ORDER BY band')).rows;
    expect(bands.map((b) => [b.band, b.min_turnover && Number(b.min_turnover), b.max_turnover && Number(b.max_turnover)])).toEqual([
      [1, 0, 1999999],
      [2, 2000001, 10000000],
      [3, 10000001, 50000000],
      [4, 50000001, null],
    ]);
    expect(bands.reduce((s, b) => s + Number(b.companies), 0)).toBe(
      await num('SELECT count(*) FROM company WHERE turnover NOT IN (2000000, 10000000, 50000000)'),
    );
  });

  it('keeps one company consistent after a change (rf_refresh_company)', async () => {
    const c = await one<{ cui: number }>('SELECT cui FROM company WHERE NOT has_email AND NOT has_tenders ORDER BY cui LIMIT 1');
    await db.query('BEGIN');
    try {
      await db.query(`INSERT INTO contact (cui, name, email, updated_at) VALUES ($1, 'Test', 'test@exemplu.ro', now())`, [c.cui]);
      await db.query(
        `INSERT INTO tender (notice_no, title, authority_cui, authority_name, supplier_cui, supplier_name, final_value)
         VALUES ('DAN0000001', 'Test', 19, 'COMUNA TEST', $1, 'TEST SRL', 1000)`,
        [c.cui],
      );
      expect(await num('SELECT rf_refresh_company($1)', [c.cui])).toBeGreaterThan(0);
      expect(await one('SELECT has_email, has_tenders FROM company WHERE cui = $1', [c.cui])).toEqual({ has_email: true, has_tenders: true });
      expect(await one('SELECT number_of_collaborations FROM collaboration WHERE cui = 19 AND partner_cui = $1', [c.cui])).toEqual({
        number_of_collaborations: 1,
      });
      expect(await num('SELECT rf_refresh_company($1)', [c.cui])).toBe(0); // nothing left to change
    } finally {
      await db.query('ROLLBACK');
    }
  });
});

describe('first admin', () => {
  it('exists with role Admin and an argon2id hash of ADMIN_PASSWORD', async () => {
    const admin = await one<{ user_name: string; user_name_norm: string; password_hash: string; role: string; email_verified: Date | null }>(
      `SELECT u.user_name, u.user_name_norm, u.password_hash, r.name AS role, u.email_verified
       FROM app_user u JOIN role r ON r.id = u.role_id WHERE u.email = 'admin@radarfirme.ro'`,
    );
    expect(admin.role).toBe('Admin');
    expect(admin.user_name).toBe('Administrator');
    expect(admin.user_name_norm).toBe('administrator');
    expect(admin.email_verified).not.toBeNull();
    expect(admin.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(await argon2.verify(admin.password_hash, 'Admin#2026!')).toBe(true);
  });
});

describe('idempotency', () => {
  const TABLES = ['county', 'locality', 'locality_component', 'caen', 'caen_correspondence', 'company_status', 'role', 'app_user',
    'company', 'financial_year', 'company_trend', 'company_rank', 'collaboration', 'contact', 'tender'];
  // xmin changes whenever a row is written: equal sums mean nothing was inserted, updated or deleted
  const fingerprint = async () => {
    const out: Record<string, string> = {};
    for (const t of TABLES) out[t] = String(await num(`SELECT coalesce(sum(xmin::text::bigint), 0) + count(*) FROM ${t}`));
    return out;
  };

  it('writes nothing when prepareDatabase runs again', async () => {
    const before = await fingerprint();
    await prepareDatabase(url, { demoCompanies: 2000, quiet: true });
    expect(await fingerprint()).toEqual(before);
    expect(await num('SELECT count(*) FROM company')).toBe(2000);
    expect(await num('SELECT count(*) FROM county')).toBe(42);
    expect(await num(`SELECT count(*) FROM app_user WHERE email = 'admin@radarfirme.ro'`)).toBe(1);
  });

  it('writes nothing when the derived data is refreshed again', async () => {
    const { rows } = await db.query('SELECT step, rows_written FROM rf_refresh_derived()');
    expect(rows.filter((r) => r.step !== 'stats' && Number(r.rows_written) !== 0)).toEqual([]);
  });
});
