// Public procurement awards (SEAP/SICAP): the data.gov.ro exports (caret CSV with CamelCase headers
// in 2017–2019, human-readable headers in recent years) and the flattened SICAP API export of
// direct awards. Each row is one award: a contracting authority (CUI) buys from a supplier (CUI,
// or, registered abroad, a foreign identifier and country: decision 028). Rows are keyed by
// notice, contract number and supplier, so a re-import updates in place.
// Spreadsheet years (2020, 2026) are read as XLSX, recognised by content whatever their extension,
// through the same column aliases; XLS and ODS are refused with a message (save as XLSX or CSV).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { findColumns, getter } from './columns';
import type { Importer, InputFile, RunContext, StageTable } from './engine';
import { readForeignSupplier } from './foreign';
import { cleanText, matchKey, parseDate, parseMoney, readCui } from './parse';
import { refusalMessage, sniffSpreadsheet } from './records';
import { recordSicapChanges } from './changes';
import { recordSources } from './shared';

const TENDER: StageTable = {
  table: 'imp_tender',
  columns: ['line', 'file', 'source_key', 'notice_no', 'title', 'cpv_code', 'cpv_name', 'authority_cui', 'authority_name',
    'supplier_cui', 'supplier_name', 'supplier_tax_id', 'supplier_country', 'estimated_value', 'final_value', 'publish_date',
    'finish_date', 'chunk_key'],
};

export const SICAP_ALIASES = {
  notice: ['item.noticeNo', 'NumarAnuntAtribuire', 'NumarAnunt', 'Numar achizitie directa', 'Numar anunt atribuire'],
  contract: ['NumarContract', 'Numar contract'],
  lot: ['Numar lot'],
  publish: ['item.publicationDate', 'DataAnuntAtribuire', 'DataAnunt', 'Data publicare'],
  finish: ['details.finalizationDate', 'DataContract', 'Data finalizare', 'Data contract'],
  title: ['item.contractObject', 'TitluContract', 'Denumire achizitie', 'Obiect contract'],
  cpv: ['item.cpvCode', 'CPVCode', 'Cod CPV'],
  cpvName: ['Denumire CPV'],
  authorityCui: ['authority.fiscalNumber', 'AutoritateContractantaCUI', 'CUI autoritate contractanta'],
  authorityName: ['authority.entityName', 'AutoritateContractanta', 'Autoritate contractanta'],
  supplierCui: ['details.noticeEntityAddress.fiscalNumber', 'CastigatorCUI', 'CUI ofertant castigator'],
  supplierName: ['details.noticeEntityAddress.organization', 'Castigator', 'Ofertant castigator'],
  supplierCountry: ['details.noticeEntityAddress.country', 'CastigatorTara', 'Tara ofertant castigator', 'Tara ofertant'],
  finalValue: ['item.awardedValue', 'ValoareRON', 'Valoare achizitie (RON)', 'Valoare contract (RON)'],
  estimatedValue: ['ValoareEstimataParticipare', 'Valoare estimata (RON)'],
};

/** '71356200-0 - Servicii de asistenta tehnica (Rev.2)' → ['71356200-0', 'Servicii de asistenta tehnica']. */
export function splitCpv(text: string): [string | null, string | null] {
  const t = text.trim();
  const m = /^(\d{8}(?:-\d)?)\s*(?:-\s*(.*?))?\s*(?:\(Rev\.\s*\d\))?$/i.exec(t);
  if (!m) return [null, cleanText(t, 200)];
  return [m[1], cleanText(m[2] ?? '', 200)];
}

/** XLSX and delimited text are read; XLS and ODS are refused before anything is written. */
function assertReadable(file: string): void {
  const kind = sniffSpreadsheet(file);
  if (kind === 'xls' || kind === 'ods') throw new Error(refusalMessage(file, kind));
}

export function resolveTabularFiles(input: string): InputFile[] {
  const files = statSync(input).isDirectory()
    ? readdirSync(input).filter((n) => /\.(csv|txt|xlsx|xls|ods)$/i.test(n) && !n.startsWith('~$')).sort().map((n) => path.join(input, n))
    : [input];
  for (const f of files) assertReadable(f);
  return files.map((f) => ({ path: f, role: 'data' }));
}

const mtimeDate = (files: InputFile[]) =>
  new Date(Math.max(...files.map((f) => statSync(f.path).mtimeMs))).toISOString().slice(0, 10);

export function makeSicapImporter(): Importer {
  return {
    source: 'sicap',
    resolve: resolveTabularFiles,
    dataDate: mtimeDate,
    stageTables: [TENDER],
    stageIndexes: ['CREATE INDEX IF NOT EXISTS imp_tender_chunk_idx ON imp_tender (chunk_key)'],
    parser(_ctx, file, header) {
      const cols = findColumns(header, SICAP_ALIASES);
      const name = path.basename(file.path);
      const need = (['notice', 'authorityCui', 'supplierCui'] as const).filter((k) => cols[k] < 0);
      if (need.length) throw new Error(`${name}: format SICAP necunoscut (lipsesc coloanele ${need.join(', ')})`);
      const file200 = name.slice(0, 200);
      return (r) => {
        const f = getter(cols, r.fields);
        const notice = cleanText(f('notice'), 32);
        if (!notice) return { reject: 'număr de anunț lipsă' };
        const authority = readCui(f('authorityCui'), { lenient: true });
        if ('error' in authority) return { reject: `autoritate contractantă: ${authority.error}` };
        // a supplier registered abroad: no CUI, its foreign identifier and country (decision 028)
        const foreign = readForeignSupplier(f('supplierCui'), f('supplierCountry'));
        let supplierCui: number | null = null;
        if (!foreign) {
          const supplier = readCui(f('supplierCui'), { lenient: true });
          if ('error' in supplier) return { reject: `ofertant câștigător: ${supplier.error}` };
          supplierCui = supplier.cui;
        }
        const supplierName = cleanText(f('supplierName'), 200) ?? (supplierCui !== null ? String(supplierCui) : foreign!.taxId);
        if (!supplierName) return { reject: `ofertant câștigător străin (${foreign!.country}) fără nume și fără cod fiscal` };
        const supplierKey = supplierCui ?? foreign!.taxId ?? `${foreign!.country}:${matchKey(supplierName)}`;
        const [cpvCode, cpvFromCode] = splitCpv(f('cpv'));
        const cpvName = cleanText(f('cpvName'), 200) ?? cpvFromCode;
        const title = cleanText(f('title'), 500) ?? cpvName ?? notice;
        const finalRaw = f('finalValue');
        const finalValue = parseMoney(finalRaw);
        if (finalValue === null && finalRaw.trim() !== '') return { reject: `valoare nenumerică: "${finalRaw.slice(0, 30)}"` };
        const contract = [cleanText(f('contract'), 40), cleanText(f('lot'), 10)].filter(Boolean).join('/');
        const key = `sicap|${notice}|${contract}|${supplierKey}`.slice(0, 160);
        return {
          table: TENDER.table,
          write: (b) =>
            b.int(r.no).tab().text(file200).tab().text(key).tab().text(notice).tab().text(title).tab().textOrNull(cpvCode).tab()
              .textOrNull(cpvName).tab().int(authority.cui).tab().text(cleanText(f('authorityName'), 200) ?? String(authority.cui)).tab()
              .intOrNull(supplierCui).tab().text(supplierName).tab().textOrNull(foreign?.taxId ?? null).tab()
              .textOrNull(foreign?.country ?? null).tab().intOrNull(parseMoney(f('estimatedValue'))).tab().intOrNull(finalValue).tab()
              .textOrNull(parseDate(f('publish'))).tab().textOrNull(parseDate(f('finish'))).tab()
              .int(supplierCui ?? authority.cui).endRow(),
        };
      };
    },
    async nextChunk(client, after, size) {
      const { rows } = await client.query(
        `SELECT max(chunk_key) AS upto FROM (SELECT chunk_key FROM imp_tender WHERE chunk_key > $1 ORDER BY chunk_key LIMIT $2) s`,
        [after, size],
      );
      return rows[0].upto === null ? null : Number(rows[0].upto);
    },
    mergeChunk: mergeSicapChunk,
  };
}

const T_COLS = ['notice_no', 'title', 'cpv_code', 'cpv_name', 'authority_cui', 'authority_name', 'supplier_cui', 'supplier_name',
  'supplier_tax_id', 'supplier_country', 'estimated_value', 'final_value', 'publish_date', 'finish_date'];

async function mergeSicapChunk(ctx: RunContext, after: number, upTo: number) {
  const { client, dataDate } = ctx;
  await client.query('CREATE TEMP TABLE IF NOT EXISTS sicap_chunk (LIKE imp_tender)');
  await client.query('CREATE TEMP TABLE IF NOT EXISTS sicap_parties (cui int, changed boolean)');
  await client.query('TRUNCATE sicap_chunk, sicap_parties');
  // The same award listed twice (several files of a year overlap): the later file and line win.
  await client.query(
    `INSERT INTO sicap_chunk SELECT DISTINCT ON (source_key) * FROM imp_tender
     WHERE chunk_key > $1 AND chunk_key <= $2 ORDER BY source_key, file DESC, line DESC`,
    [after, upTo],
  );
  await recordSicapChanges(ctx);
  const up = await client.query<{ a: number; s: number | null; inserted: boolean }>(
    `INSERT INTO tender AS t (source_key, ${T_COLS.join(', ')})
     SELECT source_key, ${T_COLS.join(', ')} FROM sicap_chunk
     ON CONFLICT (source_key) DO UPDATE SET (${T_COLS.join(', ')}) = (${T_COLS.map((c) => `EXCLUDED.${c}`).join(', ')})
     WHERE (${T_COLS.map((c) => `t.${c}`).join(', ')}) IS DISTINCT FROM (${T_COLS.map((c) => `EXCLUDED.${c}`).join(', ')})
     RETURNING t.authority_cui AS a, t.supplier_cui AS s, (t.xmax = 0) AS inserted`,
  );
  // a foreign supplier has no CUI: only the contracting authority's page changes
  const changed = [...new Set(up.rows.flatMap((r) => (r.s === null ? [r.a] : [r.a, r.s])))];
  await client.query(
    `INSERT INTO sicap_parties
     SELECT p.cui, x.cui IS NOT NULL FROM (
       SELECT authority_cui AS cui FROM sicap_chunk UNION SELECT supplier_cui FROM sicap_chunk WHERE supplier_cui IS NOT NULL) p
     LEFT JOIN (SELECT DISTINCT unnest($1::int[]) AS cui) x ON x.cui = p.cui`,
    [changed],
  );
  await client.query(
    `UPDATE company SET updated_at = now() WHERE cui IN (SELECT cui FROM sicap_parties WHERE changed)`,
  );
  await recordSources(client, 'sicap', 'sicap_parties', dataDate);
  const total = Number((await client.query('SELECT count(*) AS n FROM sicap_chunk')).rows[0].n);
  const inserted = up.rows.filter((r) => r.inserted).length;
  return { inserted, updated: up.rows.length - inserted, unchanged: total - up.rows.length, rejected: 0 };
}

export { mtimeDate };
