// ONRC "firme înregistrate" (data.gov.ro packages firme-DD-MM-YYYY and nomenclatoare-DD-MM-YYYY):
// OD_FIRME (one row per registration), OD_STARE_FIRMA (status codes), OD_CAEN_AUTORIZAT
// (authorised activities, CAEN Rev.2 and Rev.3) and N_STARE_FIRMA (status names). Caret
// separated, BOM, quotes not special. Companies are keyed on CUI: rows without a fiscal code
// (CUI 0) cannot become a company and are rejected with that reason; when several registrations
// share a CUI the operating one, else the most recent, is kept and the others are listed.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Importer, InputFile, RunContext, StageTable } from './engine';
import { recordOnrcChanges } from './changes';
import { recordSources } from './shared';
import {
  buildPlaceIndex,
  cleanText,
  composeAddress,
  dateInName,
  mapPlace,
  padCaen,
  padPostalCode,
  parseDate,
  readCaenVersion,
  readCui,
  readRegistrationCode,
  type PlaceIndex,
} from './parse';

const ONRC_FIRM_COLUMNS = [
  'DENUMIRE', 'CUI', 'COD_INMATRICULARE', 'DATA_INMATRICULARE', 'EUID', 'FORMA_JURIDICA', 'ADR_TARA', 'ADR_JUDET',
  'ADR_LOCALITATE', 'ADR_DEN_STRADA', 'ADR_NR_STRADA', 'ADR_BLOC', 'ADR_SCARA', 'ADR_ETAJ', 'ADR_APARTAMENT',
  'ADR_COD_POSTAL', 'ADR_SECTOR', 'ADR_COMPLETARE', 'WEB', 'TARA_FIRMA_MAMA',
] as const;

/**
 * Status codes that mean the company no longer operates (data/README.md, "Official sources"), for codes the product's
 * nomenclature does not know yet; known codes keep their is_active.
 */
const NOT_OPERATING_CODES = new Set([
  1049, 1052, 1055, 1057, 1070, 1073, 1074, 1076, 1078, 1083, 1084, 1086, 1094, 1098, 1100, 1105, 1106, 1107, 1109,
  1111, 1113, 1120, 1121, 1126, 1132, 1133, 1134, 1137, 1138, 1139, 1144, 1145, 1151, 1152, 1153,
]);

const FIRM: StageTable = {
  table: 'imp_onrc_firm',
  columns: ['line', 'reg_code', 'cui', 'name', 'euid', 'legal_form', 'county_id', 'locality_id', 'village', 'street',
    'street_number', 'postal_code', 'full_address', 'establishment_date', 'website'],
};
const STATUS: StageTable = { table: 'imp_onrc_status', columns: ['line', 'reg_code', 'code'] };
const CAEN: StageTable = { table: 'imp_onrc_caen', columns: ['line', 'reg_code', 'code', 'version'] };

const ROLES: [role: string, pattern: RegExp][] = [
  ['stari', /^n_stare_firma\.csv$/i],
  ['firme', /^od_firme\.csv$/i],
  ['stare', /^od_stare_firma\.csv$/i],
  ['caen', /^od_caen_autorizat\.csv$/i],
];

/** Files of a package folder (or its parent holding firme-… and nomenclatoare-… folders), or one OD_FIRME file. */
function resolveOnrcFiles(input: string): InputFile[] {
  const found = new Map<string, string>();
  const scan = (dir: string, depth: number) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (depth < 1) scan(full, depth + 1);
        continue;
      }
      for (const [role, re] of ROLES) if (re.test(name) && !found.has(role)) found.set(role, full);
    }
  };
  if (statSync(input).isDirectory()) scan(input, 0);
  else {
    found.set('firme', input);
    // companions beside the given file
    scan(path.dirname(input), 1);
  }
  if (!found.has('firme')) throw new Error(`OD_FIRME.CSV nu a fost găsit în ${input}.`);
  return ROLES.filter(([role]) => found.has(role)).map(([role]) => ({ role, path: found.get(role)! }));
}

function newestDate(files: InputFile[]): string {
  for (const f of files) {
    const d = dateInName(f.path);
    if (d) return d;
  }
  const newest = Math.max(...files.map((f) => statSync(f.path).mtimeMs));
  return new Date(newest).toISOString().slice(0, 10);
}

async function loadPlaceIndex(client: pg.ClientBase): Promise<PlaceIndex> {
  const counties = await client.query('SELECT id, name, code FROM county');
  const localities = await client.query('SELECT id, county_id, name, type FROM locality');
  const components = await client.query('SELECT v.locality_id, l.county_id, v.name FROM locality_component v JOIN locality l ON l.id = v.locality_id');
  return buildPlaceIndex({ counties: counties.rows, localities: localities.rows, components: components.rows });
}

/** Upserts N_STARE_FIRMA: names of known codes updated, new codes added as operating unless listed otherwise. */
async function loadStatusNames(client: pg.ClientBase, file: string): Promise<void> {
  const { openDelimited } = await import('./records');
  const opened = await openDelimited(file);
  const codes: number[] = [];
  const names: string[] = [];
  for await (const r of opened.records) {
    const code = Number(r.fields[0]?.trim());
    const name = cleanText(r.fields[1], 120);
    if (Number.isInteger(code) && code > 0 && name) {
      codes.push(code);
      // the nomenclature writes labels in lower case ("funcțiune"); the product shows them as labels
      names.push(name.charAt(0).toLocaleUpperCase('ro-RO') + name.slice(1));
    }
  }
  await client.query(
    `INSERT INTO company_status (code, name, is_active)
     SELECT c, n, NOT (c = ANY($3::int[])) FROM unnest($1::int[], $2::text[]) AS x(c, n)
     ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name WHERE company_status.name IS DISTINCT FROM EXCLUDED.name`,
    [codes, names, [...NOT_OPERATING_CODES]],
  );
}

export function makeOnrcImporter(): Importer {
  let places: PlaceIndex | null = null;
  return {
    source: 'onrc',
    resolve: resolveOnrcFiles,
    dataDate: newestDate,
    stageTables: [FIRM, STATUS, CAEN],
    bulkTable: 'company',
    bulkRelated: ['company_status_event', 'company_source'],
    stageIndexes: ['CREATE INDEX IF NOT EXISTS imp_onrc_firm_cui_idx ON imp_onrc_firm (cui)'],
    prepareMerge: prepareOnrcMerge,
    async prepare(ctx: RunContext, files: InputFile[]) {
      places = await loadPlaceIndex(ctx.client);
      const names = files.find((f) => f.role === 'stari');
      if (names) await loadStatusNames(ctx.client, names.path);
    },
    parser(_ctx, file, header) {
      if (file.role === 'stari') return () => null;
      if (file.role === 'firme') {
        const missing = ONRC_FIRM_COLUMNS.filter((c) => !header.includes(c));
        if (missing.length) throw new Error(`${path.basename(file.path)}: lipsesc coloanele ${missing.join(', ')}`);
        const ix = Object.fromEntries(ONRC_FIRM_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<(typeof ONRC_FIRM_COLUMNS)[number], number>;
        let fields: string[] = [];
        const f = (c: keyof typeof ix) => fields[ix[c]] ?? '';
        return (r) => {
          if (r.fields.length !== header.length) return { reject: `${r.fields.length} coloane în loc de ${header.length}` };
          fields = r.fields;
          const reg = readRegistrationCode(f('COD_INMATRICULARE'));
          if (!reg) return { reject: `număr de înregistrare invalid: "${f('COD_INMATRICULARE').slice(0, 40)}"` };
          const cui = readCui(f('CUI'));
          if ('error' in cui) return { reject: cui.error };
          const name = cleanText(f('DENUMIRE'), 200);
          if (!name) return { reject: 'denumire lipsă' };
          const place = mapPlace(places!, f('ADR_JUDET'), f('ADR_LOCALITATE'), f('ADR_SECTOR'));
          const locality = cleanText(f('ADR_LOCALITATE'), 80);
          const street = cleanText(f('ADR_DEN_STRADA'), 120);
          const number = cleanText(f('ADR_NR_STRADA'), 16);
          const postal = padPostalCode(f('ADR_COD_POSTAL'));
          const full = composeAddress({
            street,
            number,
            block: cleanText(f('ADR_BLOC'), 20),
            stair: cleanText(f('ADR_SCARA'), 20),
            floor: cleanText(f('ADR_ETAJ'), 20),
            flat: cleanText(f('ADR_APARTAMENT'), 20),
            extra: cleanText(f('ADR_COMPLETARE'), 100),
            village: place?.village ?? null,
            locality,
            county: place && place.countyId !== places!.bucharestId ? cleanText(f('ADR_JUDET'), 40) : null,
            postal,
          });
          const euid = cleanText(f('EUID'), 48) ?? `ROONRC.${reg}`;
          const legalForm = cleanText(f('FORMA_JURIDICA'), 8);
          const established = parseDate(f('DATA_INMATRICULARE'));
          const website = cleanText(f('WEB'), 200);
          return {
            table: FIRM.table,
            write: (b) =>
              b.int(r.no).tab().text(reg).tab().int(cui.cui).tab().text(name).tab().text(euid).tab()
                .textOrNull(legalForm).tab().intOrNull(place?.countyId ?? null).tab()
                .intOrNull(place?.localityId ?? null).tab().textOrNull(place?.village ?? null).tab().textOrNull(street).tab()
                .textOrNull(number).tab().textOrNull(postal).tab().textOrNull(full).tab()
                .textOrNull(established).tab().textOrNull(website).endRow(),
          };
        };
      }
      const regIx = header.indexOf('COD_INMATRICULARE');
      if (file.role === 'stare') {
        const codeIx = header.indexOf('COD');
        if (regIx < 0 || codeIx < 0) throw new Error(`${path.basename(file.path)}: lipsesc COD_INMATRICULARE sau COD`);
        return (r) => {
          const reg = readRegistrationCode(r.fields[regIx]);
          const code = Number((r.fields[codeIx] ?? '').trim());
          if (!reg) return { reject: `număr de înregistrare invalid: "${(r.fields[regIx] ?? '').slice(0, 40)}"` };
          if (!Number.isInteger(code) || code <= 0) return { reject: `cod de stare invalid: "${r.fields[codeIx] ?? ''}"` };
          return { table: STATUS.table, write: (b) => b.int(r.no).tab().text(reg).tab().int(code).endRow() };
        };
      }
      const codeIx = header.indexOf('COD_CAEN_AUTORIZAT');
      const verIx = header.indexOf('VER_CAEN_AUTORIZAT');
      if (regIx < 0 || codeIx < 0) throw new Error(`${path.basename(file.path)}: lipsesc COD_INMATRICULARE sau COD_CAEN_AUTORIZAT`);
      return (r) => {
        const reg = readRegistrationCode(r.fields[regIx]);
        const code = padCaen(r.fields[codeIx]);
        const version = verIx < 0 ? 2 : readCaenVersion(r.fields[verIx]);
        if (!reg) return { reject: `număr de înregistrare invalid: "${(r.fields[regIx] ?? '').slice(0, 40)}"` };
        if (!code) return { reject: `cod CAEN invalid: "${r.fields[codeIx] ?? ''}"` };
        if (version === null) return { reject: `versiune CAEN necunoscută: "${r.fields[verIx] ?? ''}"` };
        return { table: CAEN.table, write: (b) => b.int(r.no).tab().text(reg).tab().text(code).tab().int(version).endRow() };
      };
    },
    async nextChunk(client, after, size) {
      const { rows } = await client.query(
        `SELECT max(cui) AS upto FROM (SELECT cui FROM imp_onrc_kept WHERE cui > $1 ORDER BY cui LIMIT $2) s`,
        [after, size],
      );
      return rows[0].upto === null ? null : Number(rows[0].upto);
    },
    mergeChunk: mergeOnrcChunk,
  };
}

/**
 * Once for the whole snapshot, set-based (hash joins, one sort): per registration its status codes
 * and the chosen one (a terminal code wins over 1048, struck off 1084 over every other), its
 * authorised Rev.2 classes (Rev.3 ones translated through the correspondence table when a
 * registration only has Rev.3 codes), then the registration kept per CUI (operating first, then
 * the most recent).
 */
async function prepareOnrcMerge(client: pg.ClientBase): Promise<void> {
  await client.query('DROP TABLE IF EXISTS imp_onrc_kept');
  await client.query(
    `CREATE UNLOGGED TABLE imp_onrc_kept AS
     WITH st AS (
       SELECT s.reg_code, array_agg(DISTINCT s.code ORDER BY s.code) AS codes,
         coalesce(max(s.code) FILTER (WHERE s.code = 1084),
                  max(s.code) FILTER (WHERE cs.is_active IS FALSE),
                  max(s.code) FILTER (WHERE s.code = 1048),
                  max(s.code)) AS status_code
       FROM imp_onrc_status s LEFT JOIN company_status cs ON cs.code = s.code
       GROUP BY s.reg_code
     ),
     c2 AS (
       SELECT reg_code, array_agg(DISTINCT code ORDER BY code) AS caen FROM imp_onrc_caen WHERE version = 2 GROUP BY reg_code
     ),
     c3 AS (
       SELECT k.reg_code, array_agg(DISTINCT cc.rev2_code ORDER BY cc.rev2_code) AS caen
       FROM imp_onrc_caen k JOIN caen_correspondence cc ON cc.rev3_code = k.code
       WHERE k.version = 3 GROUP BY k.reg_code
     ),
     r AS (
       SELECT f.*, coalesce(st.codes, '{}') AS codes, coalesce(st.status_code, 1048) AS status_code,
         coalesce(c2.caen, c3.caen, '{}') AS caen
       FROM imp_onrc_firm f
       LEFT JOIN st ON st.reg_code = f.reg_code
       LEFT JOIN c2 ON c2.reg_code = f.reg_code
       LEFT JOIN c3 ON c3.reg_code = f.reg_code
     )
     SELECT DISTINCT ON (r.cui) r.*, coalesce(cs.is_active, r.status_code = 1048) AS is_active
     FROM r LEFT JOIN company_status cs ON cs.code = r.status_code
     ORDER BY r.cui, coalesce(cs.is_active, r.status_code = 1048) DESC, r.establishment_date DESC NULLS LAST, r.line DESC`,
  );
  await client.query('CREATE INDEX imp_onrc_kept_cui_idx ON imp_onrc_kept (cui)');
  await client.query('ANALYZE imp_onrc_kept');
}

/**
 * One chunk of CUIs: the kept registration per CUI with its status and authorised activities,
 * then company (insert or update when any value differs), new status events, the source date
 * and the list of changed companies, all in the caller's transaction.
 */
async function mergeOnrcChunk(ctx: RunContext, after: number, upTo: number) {
  const { client, runId, dataDate } = ctx;
  await client.query(
    `CREATE TEMP TABLE IF NOT EXISTS onrc_chunk (
       line int, reg_code text, cui int PRIMARY KEY, name text, euid text, legal_form text, county_id int, locality_id int,
       village text, street text, street_number text, postal_code text, full_address text, establishment_date date,
       website text, status_code int, is_active boolean, codes int[], caen text[], existed boolean, changed boolean)`,
  );
  await client.query('TRUNCATE onrc_chunk');
  await client.query(
    `INSERT INTO onrc_chunk
     SELECT line, reg_code, cui, name, euid, legal_form, county_id, locality_id, village, street, street_number, postal_code,
       full_address, establishment_date, website, status_code, is_active, codes, caen,
       EXISTS (SELECT 1 FROM company c WHERE c.cui = k.cui), false
     FROM imp_onrc_kept k WHERE k.cui > $1 AND k.cui <= $2`,
    [after, upTo],
  );
  // The registrations not kept are listed with the one that was.
  const dup = await client.query(
    `INSERT INTO import_reject (run_id, file, line, reason, raw)
     SELECT $3, 'OD_FIRME.CSV', f.line, 'CUI ' || f.cui || ' duplicat: păstrată înregistrarea ' || k.reg_code, f.reg_code || '^' || f.name
     FROM imp_onrc_firm f JOIN onrc_chunk k ON k.cui = f.cui AND k.line <> f.line
     WHERE f.cui > $1 AND f.cui <= $2`,
    [after, upTo, runId],
  );
  await recordOnrcChanges(ctx);
  // The written rows mark the chunk in the same statement (a join, not a list of CUIs).
  const up = await client.query<{ inserted: boolean }>(
    `WITH up AS (
     INSERT INTO company AS c (cui, name, registration_code, euid, legal_form, county_id, locality_id, village, street,
       street_number, postal_code, full_address, establishment_date, status_code, is_active, other_caen_codes, website, updated_at)
     SELECT cui, name, reg_code, euid, legal_form, county_id, locality_id, village, street, street_number, postal_code,
       full_address, establishment_date, status_code, is_active, caen, website, now()
     FROM onrc_chunk
     ON CONFLICT (cui) DO UPDATE SET
       name = EXCLUDED.name, registration_code = EXCLUDED.registration_code, euid = EXCLUDED.euid,
       legal_form = EXCLUDED.legal_form, county_id = EXCLUDED.county_id, locality_id = EXCLUDED.locality_id,
       village = EXCLUDED.village, street = EXCLUDED.street, street_number = EXCLUDED.street_number,
       postal_code = EXCLUDED.postal_code, full_address = EXCLUDED.full_address,
       establishment_date = EXCLUDED.establishment_date, status_code = EXCLUDED.status_code,
       is_active = EXCLUDED.is_active, other_caen_codes = EXCLUDED.other_caen_codes, website = EXCLUDED.website,
       updated_at = now()
     WHERE (c.name, c.registration_code, c.euid, c.legal_form, c.county_id, c.locality_id, c.village, c.street,
            c.street_number, c.postal_code, c.full_address, c.establishment_date, c.status_code, c.is_active,
            c.other_caen_codes, c.website)
       IS DISTINCT FROM
           (EXCLUDED.name, EXCLUDED.registration_code, EXCLUDED.euid, EXCLUDED.legal_form, EXCLUDED.county_id,
            EXCLUDED.locality_id, EXCLUDED.village, EXCLUDED.street, EXCLUDED.street_number, EXCLUDED.postal_code,
            EXCLUDED.full_address, EXCLUDED.establishment_date, EXCLUDED.status_code, EXCLUDED.is_active,
            EXCLUDED.other_caen_codes, EXCLUDED.website)
     RETURNING c.cui, (c.xmax = 0) AS inserted)
     UPDATE onrc_chunk k SET changed = true FROM up WHERE k.cui = up.cui RETURNING up.inserted`,
  );
  const inserted = up.rows.filter((r) => r.inserted).length;
  // Status history: codes not on record yet are added; on a company already known, a new code is
  // dated with this snapshot (it appeared since the previous one).
  await client.query(
    `WITH ev AS (
       INSERT INTO company_status_event (cui, status_code, event_date)
       SELECT k.cui, c.code, CASE WHEN k.existed THEN $1::date END
       FROM onrc_chunk k CROSS JOIN LATERAL unnest(k.codes) AS c(code)
       -- a company new to the register has no events yet: no lookup (a first load has only those)
       WHERE NOT k.existed OR NOT EXISTS (SELECT 1 FROM company_status_event e WHERE e.cui = k.cui AND e.status_code = c.code)
       RETURNING cui)
     UPDATE onrc_chunk k SET changed = true WHERE k.cui IN (SELECT cui FROM ev) AND NOT k.changed`,
    [dataDate],
  );
  await recordSources(client, 'onrc', 'onrc_chunk', dataDate);
  const { rows } = await client.query('SELECT count(*)::int AS n, count(*) FILTER (WHERE changed)::int AS changed FROM onrc_chunk');
  const changed = rows[0].changed as number;
  return { inserted, updated: changed - inserted, unchanged: rows[0].n - changed, rejected: dup.rowCount ?? 0 };
}
