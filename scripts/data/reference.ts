// Reference data (data/*.csv) into the database: counties, localities (UATs + the six Bucharest
// sectors), component localities, CAEN Rev.2 and Rev.3, the Rev.2 → Rev.3 correspondence, the
// company-status nomenclature and the roles. Idempotent: one transaction of upserts that only
// touch rows whose values differ, so a second run changes nothing.
import type pg from 'pg';
import { readCsv } from './csv';

type CountyRow = { id: number; code: string; name: string; siruta: number; seat_name: string; region: string };
type LocalityRow = {
  id: number;
  county_id: number;
  name: string;
  type: 'municipiu' | 'oras' | 'comuna' | 'sector';
  is_seat: boolean;
  urban: boolean;
};
type LocalityComponentRow = { id: number; locality_id: number; name: string; postal_code: string | null };
type CaenRow = {
  revision: 2 | 3;
  code: string;
  level: 'section' | 'division' | 'group' | 'class';
  name: string;
  parent_code: string | null;
  section: string;
};
type CaenCorrespondenceRow = { rev2_code: string; rev3_code: string; relation: string };
type CompanyStatusRow = { code: number; name: string; is_active: boolean };

/**
 * The ONRC status codes the product uses (data/README.md, "Official sources"). 1048, 1084, 1139, 1052, 1053, 1056,
 * 1050/1054 and 2069 are confirmed by the sources; the other labels are ours (the real
 * N_STARE_FIRMA labels replace them on the first import of the nomenclature, because the loader
 * upserts by code). The penal codes (the status icon rule of the company page) are named after the penalties of
 * Codul penal art. 136 for legal persons; 1070, 1052, 1107 are the insolvency-icon codes.
 * is_active = the company still operates (the "active companies" figures and the search filter).
 */
const COMPANY_STATUSES: readonly CompanyStatusRow[] = [
  { code: 1048, name: 'Funcțiune', is_active: true },
  { code: 1049, name: 'Activitate suspendată temporar', is_active: false },
  { code: 1050, name: 'Fuziune', is_active: true },
  { code: 1052, name: 'Lichidare', is_active: false },
  { code: 1053, name: 'Schimbare sediu', is_active: true },
  { code: 1054, name: 'Divizare', is_active: true },
  { code: 1056, name: 'Schimbare formă juridică', is_active: true },
  { code: 1070, name: 'Dizolvare', is_active: false },
  { code: 1084, name: 'Radiată', is_active: false },
  { code: 1107, name: 'Faliment', is_active: false },
  { code: 1139, name: 'Insolvență', is_active: false },
  { code: 2069, name: 'Sediu expirat', is_active: true },
  // penal events (penal icon)
  { code: 1036, name: 'Condamnare penală a persoanei juridice', is_active: true },
  { code: 1067, name: 'Închiderea unor puncte de lucru (pedeapsă complementară)', is_active: true },
  { code: 1069, name: 'Interzicerea participării la achiziții publice (pedeapsă complementară)', is_active: true },
  { code: 2127, name: 'Suspendarea activității (pedeapsă complementară)', is_active: false },
  { code: 2132, name: 'Plasare sub supraveghere judiciară', is_active: true },
  { code: 2133, name: 'Dizolvare dispusă ca pedeapsă complementară', is_active: false },
];

const ROLES = ['Admin', 'User'] as const;

type ReferenceData = {
  counties: CountyRow[];
  localities: LocalityRow[];
  components: LocalityComponentRow[];
  caen: CaenRow[];
  correspondence: CaenCorrespondenceRow[];
  statuses: readonly CompanyStatusRow[];
};

let cached: ReferenceData | null = null;

/** Reads data/*.csv into table rows (pure: no database). */
export function readReferenceData(): ReferenceData {
  if (cached) return cached;
  const judete = readCsv('judete.csv');
  const countyIdByCode = new Map(judete.map((j) => [j.code, Number(j.jud_code)]));
  const counties: CountyRow[] = judete.map((j) => ({
    id: Number(j.jud_code),
    code: j.code,
    name: j.name,
    siruta: Number(j.siruta),
    seat_name: j.seat_name, // '' for Ilfov, the only county without a seat municipality
    region: j.region,
  }));

  const localities: LocalityRow[] = readCsv('localitati-uat.csv').map((u) => ({
    id: Number(u.siruta),
    county_id: Number(u.jud_code),
    name: u.name,
    type: u.type as LocalityRow['type'],
    is_seat: u.is_county_seat === '1',
    urban: u.urban === '1',
  }));
  // Companies in Bucharest are registered in a sector (ONRC: "București Sectorul 6"), so the six
  // sectors are localities of county B next to the București UAT itself.
  for (const s of readCsv('bucuresti-sectoare.csv')) {
    localities.push({
      id: Number(s.siruta),
      county_id: countyIdByCode.get(s.county_code)!,
      name: s.name,
      type: 'sector',
      is_seat: false,
      urban: true,
    });
  }

  const components: LocalityComponentRow[] = readCsv('localitati-componente.csv').map((c) => ({
    id: Number(c.siruta),
    locality_id: Number(c.uat_siruta),
    name: c.name,
    postal_code: c.postal_code && c.postal_code !== '000000' ? c.postal_code.padStart(6, '0') : null,
  }));

  const caen: CaenRow[] = [];
  for (const [revision, file] of [
    [2, 'caen-rev2.csv'],
    [3, 'caen-rev3.csv'],
  ] as const) {
    for (const r of readCsv(file)) {
      caen.push({
        revision,
        code: r.code,
        level: r.level as CaenRow['level'],
        name: r.name,
        parent_code: r.parent_code || null,
        section: r.section,
      });
    }
  }

  const correspondence: CaenCorrespondenceRow[] = readCsv('caen-rev2-rev3.csv').map((r) => ({
    rev2_code: r.rev2_code,
    rev3_code: r.rev3_code,
    relation: r.relation,
  }));

  cached = { counties, localities, components, caen, correspondence, statuses: COMPANY_STATUSES };
  return cached;
}

type Column = { name: string; type: string };

/**
 * INSERT … SELECT FROM unnest(arrays) ON CONFLICT DO UPDATE only where a value differs: one round
 * trip per table, and a repeated load writes nothing. Returns the number of rows written.
 */
async function upsert<T extends Record<string, unknown>>(
  client: pg.ClientBase,
  table: string,
  key: string[],
  columns: Column[],
  rows: readonly T[],
  opts: { deleteMissing?: boolean } = {},
): Promise<number> {
  const names = columns.map((c) => c.name);
  const params = columns.map((c) => rows.map((r) => r[c.name] ?? null));
  const unnest = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
  const rest = names.filter((n) => !key.includes(n));
  const update = rest.length
    ? `DO UPDATE SET ${rest.map((n) => `${n} = EXCLUDED.${n}`).join(', ')}
       WHERE (${rest.map((n) => `${table}.${n}`).join(', ')}) IS DISTINCT FROM (${rest.map((n) => `EXCLUDED.${n}`).join(', ')})`
    : 'DO NOTHING';
  const res = await client.query(
    `INSERT INTO ${table} (${names.join(', ')})
     SELECT * FROM unnest(${unnest}) AS u(${names.join(', ')})
     ON CONFLICT (${key.join(', ')}) ${update}`,
    params,
  );
  let written = res.rowCount ?? 0;
  if (opts.deleteMissing) {
    const keyParams = key.map((k) => params[names.indexOf(k)]);
    const keyTypes = key.map((k) => columns[names.indexOf(k)].type);
    const del = await client.query(
      `DELETE FROM ${table} WHERE (${key.join(', ')}) NOT IN
         (SELECT * FROM unnest(${keyTypes.map((t, i) => `$${i + 1}::${t}[]`).join(', ')}))`,
      keyParams,
    );
    written += del.rowCount ?? 0;
  }
  return written;
}

type ReferenceLoadResult = { written: number; counts: Record<string, number> };

/**
 * Loads all reference data in one transaction. Counties and localities are only upserted (companies
 * reference them); the catalogues nothing references by key are also pruned of stale rows. Status
 * codes are never deleted: an import of the real N_STARE_FIRMA adds its own.
 */
export async function loadReferenceData(client: pg.ClientBase): Promise<ReferenceLoadResult> {
  const data = readReferenceData();
  await client.query('BEGIN');
  try {
    // Serialises concurrent starts (two app processes on one database).
    await client.query('SELECT pg_advisory_xact_lock(7262001)');
    let written = 0;
    written += await upsert(client, 'county', ['id'], [
      { name: 'id', type: 'int' },
      { name: 'code', type: 'varchar' },
      { name: 'name', type: 'varchar' },
      { name: 'siruta', type: 'int' },
      { name: 'seat_name', type: 'varchar' },
      { name: 'region', type: 'varchar' },
    ], data.counties);
    written += await upsert(client, 'locality', ['id'], [
      { name: 'id', type: 'int' },
      { name: 'county_id', type: 'int' },
      { name: 'name', type: 'varchar' },
      { name: 'type', type: 'varchar' },
      { name: 'is_seat', type: 'bool' },
      { name: 'urban', type: 'bool' },
    ], data.localities);
    written += await upsert(client, 'locality_component', ['id'], [
      { name: 'id', type: 'int' },
      { name: 'locality_id', type: 'int' },
      { name: 'name', type: 'varchar' },
      { name: 'postal_code', type: 'varchar' },
    ], data.components, { deleteMissing: true });
    written += await upsert(client, 'caen', ['revision', 'code'], [
      { name: 'revision', type: 'int' },
      { name: 'code', type: 'varchar' },
      { name: 'level', type: 'varchar' },
      { name: 'name', type: 'text' },
      { name: 'parent_code', type: 'varchar' },
      { name: 'section', type: 'varchar' },
    ], data.caen, { deleteMissing: true });
    written += await upsert(client, 'caen_correspondence', ['rev2_code', 'rev3_code'], [
      { name: 'rev2_code', type: 'varchar' },
      { name: 'rev3_code', type: 'varchar' },
      { name: 'relation', type: 'varchar' },
    ], data.correspondence, { deleteMissing: true });
    written += await upsert(client, 'company_status', ['code'], [
      { name: 'code', type: 'int' },
      { name: 'name', type: 'varchar' },
      { name: 'is_active', type: 'bool' },
    ], data.statuses);
    written += await upsert(client, 'role', ['name'], [{ name: 'name', type: 'varchar' }], ROLES.map((name) => ({ name })));
    await client.query('COMMIT');
    return {
      written,
      counts: {
        county: data.counties.length,
        locality: data.localities.length,
        locality_component: data.components.length,
        caen: data.caen.length,
        caen_correspondence: data.correspondence.length,
        company_status: data.statuses.length,
      },
    };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  }
}
