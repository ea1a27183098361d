// EU-funded projects: the managing authorities' beneficiary lists (Regional Operational Programme
// 2007–2013 layout: SMIS code, title, beneficiary, region, county, locality, amounts) and the
// Kohesio exports of 2014–2020 / 2021–2027 (Operation_*, Beneficiary_*). Lists without a CUI are
// linked to a company by its name (docs/decisions/025-eu-beneficiary-name-matching.md): the
// normalised core of the name must be equal and point at one company, or at one company of the
// row's locality or county; anything else stays out, listed in the rejects with the reason.
import path from 'node:path';
import { findColumns, getter } from './columns';
import type { Importer, RunContext, StageTable } from './engine';
import { cleanText, parseDate, parseMoney, readCui, matchKey } from './parse';
import { recordEuChanges } from './changes';
import { recordSources } from './shared';
import { mtimeDate, resolveTabularFiles } from './sicap';

const PROJECT: StageTable = {
  table: 'imp_eu_project',
  columns: ['line', 'file', 'raw', 'cui', 'beneficiary', 'locality', 'county', 'code', 'name', 'start_date', 'end_date',
    'total_cost', 'ec_contribution', 'urls', 'status_code', 'topic', 'objective'],
};

export const EU_ALIASES = {
  code: ['Cod SMIS', 'Operation_Local_Identifier', 'Cod proiect'],
  uri: ['Operation_Unique_Identifier'],
  name: ['Titlu', 'Operation_Name_Programme_Language', 'Operation_Name_English', 'Titlu proiect'],
  summary: ['Operation_Summary_Programme_Language', 'Operation_Summary_English'],
  beneficiary: ['Beneficiar', 'Beneficiary_Name'],
  cui: ['Beneficiary_Local_Identifier', 'CUI beneficiar', 'CUI'],
  locality: ['Locality', 'Localitate', 'LAU_Labels'],
  county: ['County', 'Judet', 'NUTS3_Label'],
  start: ['Operation_Start_Date', 'Data inceput'],
  end: ['Operation_End_Date', 'Data sfarsit'],
  total: ['total amount', 'Total_Eligible_Expenditure_amount', 'Valoare totala'],
  eu: ['FEDR', 'Project_EU_Budget', 'Contributie UE'],
  topic: ['Priority Axis', 'Programme_Name', 'Category_Label'],
  objective: ['Intervention Category', 'Policy_Objective_Label'],
  period: ['Programming_Period'],
};

export function makeEuImporter(): Importer {
  return {
    source: 'eu',
    resolve: resolveTabularFiles,
    dataDate: mtimeDate,
    stageTables: [PROJECT],
    stageIndexes: [],
    parser(ctx: RunContext, file, header) {
      const cols = findColumns(header, EU_ALIASES);
      const name = path.basename(file.path);
      const need = (['code', 'name', 'beneficiary'] as const).filter((k) => cols[k] < 0);
      if (need.length) throw new Error(`${name}: format de listă de proiecte UE necunoscut (lipsesc ${need.join(', ')})`);
      const file200 = name.slice(0, 200);
      return (r) => {
        const f = getter(cols, r.fields);
        const code = cleanText(f('code'), 32);
        if (!code) return { reject: 'cod de proiect (SMIS) lipsă' };
        const beneficiary = cleanText(f('beneficiary'), 300);
        if (!beneficiary) return { reject: 'beneficiar lipsă' };
        const title = cleanText(f('name'), 500) ?? code;
        let cui: number | null = null;
        if (cols.cui >= 0 && f('cui').trim() !== '') {
          const c = readCui(f('cui'), { lenient: true });
          if ('error' in c) return { reject: `CUI beneficiar: ${c.error}` };
          cui = c.cui;
        }
        const start = parseDate(f('start'));
        const end = parseDate(f('end'));
        const total = parseMoney(f('total')) ?? 0;
        const eu = parseMoney(f('eu')) ?? 0;
        // The 2007–2013 programme is closed; later projects are open until their end date.
        const period = f('period');
        const closed = /2007/.test(period) || cols.period < 0 && cols.end < 0 ? true : end !== null && end < ctx.dataDate;
        const uri = f('uri').trim();
        const urls = /^https?:\/\//.test(uri) ? [uri] : [];
        return {
          table: PROJECT.table,
          write: (b) =>
            b.int(r.no).tab().text(file200).tab().text(r.raw).tab().intOrNull(cui).tab().text(beneficiary).tab()
              .textOrNull(cleanText(f('locality'), 80)).tab().textOrNull(cleanText(f('county'), 80)).tab().text(code).tab()
              .text(title).tab().textOrNull(start).tab().textOrNull(end).tab().int(total).tab().int(eu).tab().array(urls).tab()
              .text(closed ? 'CLO' : 'ONG').tab().textOrNull(cleanText(f('topic'), 300)).tab()
              .textOrNull(cleanText(f('objective'), 2000) ?? cleanText(f('summary'), 2000)).endRow(),
        };
      };
    },
    // Beneficiary lists are small (thousands of rows): one merge transaction for the whole list.
    async nextChunk(client, after) {
      if (after >= 0) return null;
      const { rows } = await client.query('SELECT EXISTS (SELECT 1 FROM imp_eu_project) AS has');
      return rows[0].has ? 1 : null;
    },
    mergeChunk: mergeEu,
  };
}

/** The key of an EU row: programme code and beneficiary (one project can have several beneficiaries). */
export function euSourceKey(code: string, beneficiary: string): string {
  return `eu|${code}|${matchKey(beneficiary)}`.slice(0, 200);
}

async function mergeEu(ctx: RunContext) {
  const { client, runId, dataDate } = ctx;
  await client.query(
    `CREATE TEMP TABLE IF NOT EXISTS eu_chunk (LIKE imp_eu_project, core text, matched int, candidates int, local_candidates int,
       source_key text, changed boolean NOT NULL DEFAULT false)`,
  );
  await client.query('TRUNCATE eu_chunk');
  // Name matching: candidates share the normalised core of the name (found through the trigram
  // index on name_norm, then compared exactly); the row's locality or county breaks ties.
  await client.query(
    `INSERT INTO eu_chunk
     SELECT p.*, rf_name_core(p.beneficiary), NULL, NULL, NULL, NULL, false FROM imp_eu_project p`,
  );
  await client.query(
    `UPDATE eu_chunk e SET candidates = m.n, matched = CASE WHEN m.n = 1 THEN m.cui END
     FROM eu_chunk e2 CROSS JOIN LATERAL (
       SELECT count(*)::int AS n, min(c.cui) AS cui FROM company c
       WHERE length(e2.core) >= 3 AND c.name_norm LIKE '%' || e2.core || '%' AND rf_name_core(c.name) = e2.core
     ) m
     WHERE e2.ctid = e.ctid AND e.cui IS NULL`,
  );
  await client.query(
    `UPDATE eu_chunk e SET local_candidates = m.n, matched = CASE WHEN m.n = 1 THEN m.cui END
     FROM eu_chunk e2 CROSS JOIN LATERAL (
       SELECT count(*)::int AS n, min(c.cui) AS cui FROM company c
       LEFT JOIN locality l ON l.id = c.locality_id LEFT JOIN county k ON k.id = c.county_id
       WHERE c.name_norm LIKE '%' || e2.core || '%' AND rf_name_core(c.name) = e2.core
         AND (rf_norm(l.name) = rf_norm(e2.locality) OR rf_norm(k.name) = rf_norm(e2.county))
     ) m
     WHERE e2.ctid = e.ctid AND e.cui IS NULL AND e.candidates > 1`,
  );
  await client.query(`UPDATE eu_chunk SET matched = cui WHERE cui IS NOT NULL AND EXISTS (SELECT 1 FROM company c WHERE c.cui = eu_chunk.cui)`);
  const rej = await client.query(
    `INSERT INTO import_reject (run_id, file, line, reason, raw)
     SELECT $1, file, line, CASE
         WHEN cui IS NOT NULL THEN 'CUI ' || cui || ' nu există în registru'
         WHEN coalesce(candidates, 0) = 0 THEN 'beneficiar negăsit în registru după nume ("' || coalesce(core, '') || '")'
         ELSE 'nume ambiguu: ' || candidates || ' firme „' || core || '”, ' || coalesce(local_candidates, 0) || ' în ' || coalesce(locality, county, 'localitatea necunoscută')
       END, raw
     FROM eu_chunk WHERE matched IS NULL`,
    [runId],
  );
  const rows = await client.query<{ code: string; beneficiary: string }>('SELECT code, beneficiary FROM eu_chunk WHERE matched IS NOT NULL');
  const keys = rows.rows.map((r) => euSourceKey(r.code, r.beneficiary));
  await client.query(
    `UPDATE eu_chunk e SET source_key = x.k FROM unnest($1::text[], $2::text[], $3::text[]) AS x(code, beneficiary, k)
     WHERE e.code = x.code AND e.beneficiary = x.beneficiary AND e.matched IS NOT NULL`,
    [rows.rows.map((r) => r.code), rows.rows.map((r) => r.beneficiary), keys],
  );
  await recordEuChanges(ctx);
  const cols = ['cui', 'code', 'name', 'start_date', 'end_date', 'total_cost', 'ec_contribution', 'urls', 'status_code', 'topic', 'objective'];
  const src = ['matched', 'code', 'name', 'start_date', 'end_date', 'total_cost', 'ec_contribution', 'urls', 'status_code', 'topic', 'objective'];
  const up = await client.query<{ cui: number; inserted: boolean }>(
    `INSERT INTO eu_project AS p (source_key, ${cols.join(', ')})
     SELECT DISTINCT ON (source_key) source_key, ${src.join(', ')} FROM eu_chunk WHERE matched IS NOT NULL ORDER BY source_key, file DESC, line DESC
     ON CONFLICT (source_key) DO UPDATE SET (${cols.join(', ')}) = (${cols.map((c) => `EXCLUDED.${c}`).join(', ')})
     WHERE (${cols.map((c) => `p.${c}`).join(', ')}) IS DISTINCT FROM (${cols.map((c) => `EXCLUDED.${c}`).join(', ')})
     RETURNING p.cui, (p.xmax = 0) AS inserted`,
  );
  await client.query('UPDATE eu_chunk SET changed = coalesce(matched = ANY($1::int[]), false)', [up.rows.map((r) => r.cui)]);
  await client.query('CREATE TEMP TABLE IF NOT EXISTS eu_parties (cui int, changed boolean)');
  await client.query('TRUNCATE eu_parties');
  await client.query('INSERT INTO eu_parties SELECT matched, bool_or(changed) FROM eu_chunk WHERE matched IS NOT NULL GROUP BY matched');
  await client.query('UPDATE company SET updated_at = now() WHERE cui IN (SELECT cui FROM eu_parties WHERE changed)');
  await recordSources(client, 'eu', 'eu_parties', dataDate);
  const kept = Number((await client.query('SELECT count(DISTINCT source_key) AS n FROM eu_chunk WHERE matched IS NOT NULL')).rows[0].n);
  const inserted = up.rows.filter((r) => r.inserted).length;
  return { inserted, updated: up.rows.length - inserted, unchanged: kept - up.rows.length, rejected: rej.rowCount ?? 0 };
}
