// `npm run bench -- prospecting`: the prospecting targets of issue 27 (decision 064), through the
// route handlers in-process (token, zod, policy, SQL and the streamed file included):
//   1. a search exported to XLSX and to CSV, 100,000 rows (EXPORT_MAX_ROWS, so the file is cut
//      and ends with its notice): target ≤ 10 s, the process growing by ≤ 100 MB (resident memory
//      sampled every 20 ms while the file streams, against the level just before it);
//   2. a whole search added to a new group (BULK_ADD_MAX = 10,000 companies): target ≤ 2 s;
//   3. a list of 10,000 CUI lines (with and without RO, bad check digits, unknown CUIs) matched
//      for the preview: target ≤ 2 s; then its found companies added.
//   4. the send summary of a draft that targets a saved search of 10,000 matches (the segment is
//      resolved as sending resolves it, then rolled back).
// Benchmarks print figures; they never fail.
//
// Database: PROSPECTING_BENCH_URL, or an embedded cluster of its own (PROSPECTING_BENCH_DIR, default
// /var/tmp/radarfirme-bench-prospecting/pg, port PROSPECTING_BENCH_PORT 54347) loaded the first
// time with PROSPECTING_BENCH_COMPANIES (150,000) companies × 2 years by scripts/data/large.ts. The
// issue names the 3.5M set: point PROSPECTING_BENCH_URL at it (`npm run data:large -- --companies
// 3500000`) where the machine has the time; an export reads its rows by keyset in the search's order, so
// its cost depends on the rows written, not on the table's size.
import pg from 'pg';
import { appendCuiCheckDigit } from '../../lib/cui';
import { load, openOwnBenchDatabase } from './search-support';

export const standalone = true;

type Handler = (req: Request) => Promise<Response>;
const MB = 1024 * 1024;
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const openDatabase = () =>
  openOwnBenchDatabase({
    url: process.env.PROSPECTING_BENCH_URL,
    dir: process.env.PROSPECTING_BENCH_DIR ?? '/var/tmp/radarfirme-bench-prospecting/pg',
    port: Number(process.env.PROSPECTING_BENCH_PORT ?? 54347),
    companies: Number(process.env.PROSPECTING_BENCH_COMPANIES ?? 150_000),
    years: 2,
  });

/** Reads a streamed response to its end while sampling the resident memory; bytes, time, peak growth. */
async function drain(res: Response): Promise<{ bytes: number; ms: number; cpuS: number; growthMb: number; tail: string }> {
  const base = process.memoryUsage().rss;
  const cpu0 = process.cpuUsage();
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t = performance.now();
  let bytes = 0;
  let last: Uint8Array = new Uint8Array();
  try {
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      last = value;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
  } finally {
    clearInterval(timer);
  }
  const cpu = process.cpuUsage(cpu0);
  return { bytes, ms: performance.now() - t, cpuS: (cpu.user + cpu.system) / 1e6, growthMb: (peak - base) / MB, tail: Buffer.from(last).toString('utf8').slice(-200) };
}

export default async function run() {
  const db = await openDatabase();
  process.env.DATABASE_URL = db.url;
  const { env } = await import('../../server/kernel/env');
  const { GET: exportCompanies } = await import('../../app/api/Export/companies/route');
  const { POST: addSearch } = await import('../../app/api/Group/addSearchToGroup/route');
  const { POST: matchList } = await import('../../app/api/Group/matchCuiList/route');
  const { POST: addList } = await import('../../app/api/Group/addCuiList/route');
  const { POST: addSaved } = await import('../../app/api/SavedSearch/add/route');
  const { PUT: setSegment } = await import('../../app/api/MailSend/setDraftSegment/route');
  const { GET: sendSummary } = await import('../../app/api/MailSend/getSendSummary/route');
  const { issueSession } = await import('../../server/auth/tokens');
  const { closeDb } = await import('../../server/kernel/db');
  // Export limits per day are the anti-scraping guard, not what is measured here.
  env.EXPORT_DAILY_ROWS_PER_USER = 100_000_000;
  env.EXPORT_DAILY_FILES_PER_USER = 1_000;

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const q = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows;
  const [{ n: total }] = await q<{ n: string }>('SELECT count(*) AS n FROM company');
  console.log(`Date: ${Number(total).toLocaleString('ro-RO')} firme; EXPORT_MAX_ROWS ${env.EXPORT_MAX_ROWS}, BULK_ADD_MAX ${env.BULK_ADD_MAX}, CUI_LIST_MAX_LINES ${env.CUI_LIST_MAX_LINES}; load average ${load()}`);

  const tag = `bench-prosp-${Date.now().toString(36)}`;
  await q(`DELETE FROM app_user WHERE email LIKE 'bench-prosp-%@exemplu.ro'`);
  await q(`INSERT INTO role (name) VALUES ('User') ON CONFLICT (name) DO NOTHING`);
  const [user] = await q<{ id: number }>(
    `INSERT INTO app_user (user_name, user_name_norm, email, role_id, email_verified)
     VALUES ($1::text, $1::text, $1::text || '@exemplu.ro', (SELECT id FROM role WHERE name = 'User'), now()) RETURNING id`,
    [tag],
  );
  const token = (await issueSession(user.id)).AccessToken;
  const call = async (handler: Handler, path: string, init: { method?: string; body?: unknown } = {}) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    return handler(
      new Request(`http://bench.local${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) }),
    );
  };
  const timed = async <T>(handler: Handler, path: string, init: { method?: string; body?: unknown } = {}) => {
    const t = performance.now();
    const res = await call(handler, path, init);
    const text = await res.text();
    const ms = performance.now() - t;
    if (res.status >= 300) throw new Error(`${path} → ${res.status} ${text.slice(0, 200)}`);
    return { ms, body: (text ? JSON.parse(text) : null) as T };
  };

  try {
    // ── 1. exports ──
    // Warm-up: the modules, the pool and a small file, so the growth measured is the export's own.
    await drain(await call(exportCompanies, '/api/Export/companies?format=xlsx&MinEmployees=1000'));
    await drain(await call(exportCompanies, '/api/Export/companies?format=csv&MinEmployees=1000'));
    const rows = Math.min(env.EXPORT_MAX_ROWS, Number(total));
    // Each format twice: the first file also grows V8's heap to its working size (kept by the
    // process afterwards), the second shows the steady state of a server that already exported.
    for (const format of ['xlsx', 'csv', 'xlsx', 'csv'] as const) {
      const res = await call(exportCompanies, `/api/Export/companies?format=${format}`);
      if (res.status !== 200) throw new Error(`export ${format} → ${res.status} ${await res.text()}`);
      const r = await drain(res);
      const cut = format === 'csv' ? `   ultima linie: ${/doar primele/.test(r.tail) ? 'nota de trunchiere' : 'date'}` : '';
      console.log(
        `  export ${format.toUpperCase().padEnd(4)} ${rows.toLocaleString('ro-RO')} rânduri: ${sec(r.ms).padStart(8)} (CPU al procesului ${r.cpuS.toFixed(1)} s; țintă ≤ 10 s)   fișier ${(r.bytes / MB).toFixed(1)} MB   creștere RSS ${r.growthMb.toFixed(1)} MB (țintă ≤ 100 MB)${cut}   (load ${load()})`,
      );
    }

    // ── 2. a whole search into a new group ──
    const [group] = await q<{ id: number }>(`INSERT INTO company_group_list (name, owner_id) VALUES ($1, $2) RETURNING id`, [`Grup ${tag}`, user.id]);
    await q(`INSERT INTO group_member (group_id, user_id, access, is_owner) VALUES ($1, $2, 'Edit', true)`, [group.id, user.id]);
    const bulk = await timed<{ Added: number; Total: number; Capped: boolean }>(addSearch, `/api/Group/addSearchToGroup?groupId=${group.id}`, { method: 'POST' });
    console.log(`  adaugă toată căutarea în grup: ${bulk.body.Added.toLocaleString('ro-RO')} firme în ${sec(bulk.ms)} (țintă ≤ 2 s; Capped ${bulk.body.Capped})   (load ${load()})`);
    // The first bulk add of a process meets cold plans and index pages; a second new group shows the steady state.
    const [groupB] = await q<{ id: number }>(`INSERT INTO company_group_list (name, owner_id) VALUES ($1, $2) RETURNING id`, [`Grup B ${tag}`, user.id]);
    await q(`INSERT INTO group_member (group_id, user_id, access, is_owner) VALUES ($1, $2, 'Edit', true)`, [groupB.id, user.id]);
    const bulkB = await timed<{ Added: number }>(addSearch, `/api/Group/addSearchToGroup?groupId=${groupB.id}`, { method: 'POST' });
    console.log(`  aceeași căutare într-un al doilea grup nou: ${bulkB.body.Added.toLocaleString('ro-RO')} firme în ${sec(bulkB.ms)}   (load ${load()})`);
    const again = await timed<{ Added: number; AlreadyInGroup: number }>(addSearch, `/api/Group/addSearchToGroup?groupId=${group.id}`, { method: 'POST' });
    console.log(`  din nou (toate deja în grup): ${again.body.AlreadyInGroup.toLocaleString('ro-RO')} raportate în ${sec(again.ms)}`);

    // ── 3. a CUI list of 10,000 lines into a second group ──
    const [group2] = await q<{ id: number }>(`INSERT INTO company_group_list (name, owner_id) VALUES ($1, $2) RETURNING id`, [`Lista ${tag}`, user.id]);
    await q(`INSERT INTO group_member (group_id, user_id, access, is_owner) VALUES ($1, $2, 'Edit', true)`, [group2.id, user.id]);
    const known = (await q<{ cui: number }>(`SELECT cui FROM company ORDER BY md5(cui::text) LIMIT 9000`)).map((r) => r.cui);
    // 1 line in 20 fails its check digit, 1 in 20 is valid but unknown, the rest exist (half with RO).
    const lines: string[] = [];
    for (let i = 0; i < env.CUI_LIST_MAX_LINES; i++) {
      if (i % 20 === 19) {
        const v = appendCuiCheckDigit(String(9_000_000 + i));
        lines.push(`${v.slice(0, -1)}${(Number(v.at(-1)) + 1) % 10}`);
      } else if (i % 20 === 18) lines.push(appendCuiCheckDigit(String(8_000_000 + i)));
      else lines.push(`${i % 2 ? 'RO' : ''}${known[i % known.length]}`);
    }
    const match = await timed<{ Found: unknown[]; NotFound: unknown[]; Invalid: unknown[]; Duplicates: number }>(matchList, `/api/Group/matchCuiList?groupId=${group2.id}`, {
      method: 'POST',
      body: { Text: lines.join('\n') },
    });
    console.log(
      `  verifică o listă de ${lines.length.toLocaleString('ro-RO')} de linii: ${sec(match.ms)} (țintă ≤ 2 s): găsite ${match.body.Found.length}, negăsite ${match.body.NotFound.length}, invalide ${match.body.Invalid.length}, repetate ${match.body.Duplicates}   (load ${load()})`,
    );
    const found = (match.body.Found as Array<{ Cui: number }>).map((f) => f.Cui);
    const added = await timed<{ Added: number }>(addList, `/api/Group/addCuiList?groupId=${group2.id}`, { method: 'POST', body: { Cuis: found } });
    console.log(`  adaugă cele găsite: ${added.body.Added.toLocaleString('ro-RO')} firme în ${sec(added.ms)}`);

    // ── 4. a draft's segment: the preview resolves 10,000 matches and rolls them back ──
    const saved = await timed<{ Id: number }>(addSaved, '/api/SavedSearch/add', { method: 'POST', body: { Name: 'Toate', Query: '' } });
    const [draft] = await q<{ id: number }>(`INSERT INTO grouped_mail (name, content, created_by_id) VALUES ('Bench', '{}', $1) RETURNING id`, [user.id]);
    await timed(setSegment, '/api/MailSend/setDraftSegment', { method: 'PUT', body: { DraftId: draft.id, SavedSearchId: saved.body.Id } });
    const summary = await timed<{ Companies: number; Recipients: number }>(sendSummary, `/api/MailSend/getSendSummary?groupedMailId=${draft.id}`);
    console.log(`  rezumatul trimiterii cu segment: ${summary.body.Companies.toLocaleString('ro-RO')} firme, ${summary.body.Recipients.toLocaleString('ro-RO')} adrese în ${sec(summary.ms)}   (load ${load()})`);
  } finally {
    await q(`DELETE FROM export_log WHERE user_id = $1`, [user.id]).catch(() => {});
    await q(`DELETE FROM app_user WHERE id = $1`, [user.id]).catch((e) => console.error('[bench] curățare:', e.message));
    await client.end();
    await closeDb();
    await db.stop();
  }
}
