// `npm run bench -- monitoring`: monitoring at scale (issue 26, docs/decisions/063), in a throwaway
// PostgreSQL of its own. The register is loaded by the project's importer from ONRC files generated
// in the official format (scripts/import/generate.ts); a second extract changes the status of
// MONITORING_BENCH_CHANGED companies (default 50,000). Printed:
//   1. the changed import with nobody following, then the same import with USERS users each
//      following FOLLOWS companies (and some groups): the import's time both ways and the fan-out's
//      time after the run ends (the fan-out worker's pass, as the mail sender runs it: decision 073);
//   2. the daily digest of every user with pending notifications queued in the outbox;
//   3. the feed (listNotifications, as GET /api/Notification/getNotifications) of a user with
//      10,000 notifications: p50 / p95 over first pages, deep pages and filters, and the bell's count.
// Sizes: MONITORING_BENCH_COMPANIES (default 120,000), MONITORING_BENCH_USERS (10,000),
// MONITORING_BENCH_KEEP=1 keeps the database folder for EXPLAIN afterwards,
// MONITORING_BENCH_FOLLOWS (follows per user; default 2,000 scaled by companies / 3,500,000 so that
// a changed company has as many followers as in the 3.5M-company, 20M-follow set; give 2000
// to load all 20M follows), MONITORING_BENCH_DIR (the throwaway database). Figures, never a failure.
import { copyFileSync, createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { resolveDataDir, startEmbedded } from '../db/embedded';
import { migrate } from '../db/migrate';
import { freePort } from '../db/test-cluster';
import type { RunResult } from '../import/engine';
import { generateOnrc } from '../import/generate';
import { importProcess } from './import.bench';

/** Runs without the shared 1M-company benchmark database. */
export const standalone = true;

const FULL_COMPANIES = 3_500_000;
const FULL_FOLLOWS = 2_000;
const COMPANIES = Number(process.env.MONITORING_BENCH_COMPANIES ?? 120_000);
const USERS = Number(process.env.MONITORING_BENCH_USERS ?? 10_000);
const FOLLOWS = Number(process.env.MONITORING_BENCH_FOLLOWS ?? Math.max(1, Math.round((FULL_FOLLOWS * COMPANIES) / FULL_COMPANIES)));
const CHANGED = Number(process.env.MONITORING_BENCH_CHANGED ?? 50_000);
const FEED_SIZE = 10_000;
/** The mail sender's poll for finished imports (scripts/mail/send.ts --fanout-poll, in ms). */
const FANOUT_POLL_S = 2;
/** Groups of 100 companies, each followed by its owner (the group path of the fan-out). */
const GROUPS = Math.min(1_000, USERS);
const FILES = process.env.MONITORING_BENCH_FILES ?? '/var/tmp/radarfirme-monitoring-bench-files';

const fmt = (n: number) => Math.round(n).toLocaleString('ro-RO');
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** CPU seconds so far of this process and of the benchmark's PostgreSQL (postmaster, reaped and live backends). */
let pgDataDir = '';
function cpuSeconds(): { node: number; pg: number } {
  const u = process.cpuUsage();
  let pgTicks = 0;
  try {
    const master = Number(readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const fields = (pid: string | number) => readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    const m = fields(master); // state ppid … utime(11) stime(12) cutime(13) cstime(14), counted from "state"
    pgTicks += Number(m[11]) + Number(m[12]) + Number(m[13]) + Number(m[14]);
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        const f = fields(pid);
        if (Number(f[1]) === master) pgTicks += Number(f[11]) + Number(f[12]);
      } catch {
        /* gone meanwhile */
      }
    }
  } catch {
    /* not started */
  }
  return { node: (u.user + u.system) / 1e6, pg: pgTicks / 100 };
}
const cpuSince = (c0: { node: number; pg: number }) => {
  const c = cpuSeconds();
  return `CPU node ${(c.node - c0.node).toFixed(1)} s + PostgreSQL ${(c.pg - c0.pg).toFixed(1)} s`;
};

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}

async function lines(file: string, each: (line: string) => void): Promise<void> {
  const rl = readline.createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let first = true;
  for await (const l of rl) {
    if (first) first = false; // the header
    else if (l) each(l);
  }
}

/**
 * The second extract: the same files, with a "radiată" (1084) status added to CHANGED operating
 * companies (one registration per CUI, status 1048 only), spread over the whole register.
 */
async function makeChangedExtract(from: string, to: string): Promise<number> {
  mkdirSync(to, { recursive: true });
  const regCount = new Map<string, number>();
  const cuiOf = new Map<string, string>();
  await lines(path.join(from, 'OD_FIRME.CSV'), (l) => {
    const f = l.split('^');
    regCount.set(f[2], (regCount.get(f[2]) ?? 0) + 1);
    if (f[1] !== '0') cuiOf.set(f[2], f[1]);
  });
  const codes = new Map<string, string[]>();
  await lines(path.join(from, 'OD_STARE_FIRMA.CSV'), (l) => {
    const [reg, code] = l.split('^');
    codes.set(reg, [...(codes.get(reg) ?? []), code]);
  });
  const candidates = [...codes].filter(([reg, c]) => c.length === 1 && c[0] === '1048' && regCount.get(reg) === 1 && cuiOf.has(reg)).map(([reg]) => reg);
  const step = Math.max(1, Math.floor(candidates.length / CHANGED));
  const chosen = candidates.filter((_, i) => i % step === 0).slice(0, CHANGED);
  for (const f of ['OD_FIRME.CSV', 'OD_CAEN_AUTORIZAT.CSV']) copyFileSync(path.join(from, f), path.join(to, f));
  const stare = readFileSync(path.join(from, 'OD_STARE_FIRMA.CSV'), 'utf8');
  writeFileSync(path.join(to, 'OD_STARE_FIRMA.CSV'), stare + chosen.map((reg) => `${reg}^1084\r\n`).join(''));
  return chosen.length;
}

type Notified = { created: number; ms: number };

function report(label: string, r: RunResult, c0: { node: number; pg: number }, n?: Notified) {
  console.log(
    `${label.padEnd(44)} ${r.seconds.toFixed(1).padStart(6)} s  (citite ${fmt(r.read)}, actualizate ${fmt(r.updated)}, firme schimbate ${fmt(r.changedCompanies)})` +
      (n ? `  apoi fan-out-ul: ${fmt(n.created)} notificări în ${(n.ms / 1000).toFixed(2)} s` : '') +
      `  load ${load()}, ${cpuSince(c0)} (importorul: ${(r.cpuSeconds ?? 0).toFixed(1)} s; faze: citire ${r.phases.stage.toFixed(1)}, ` +
      `îmbinare ${r.phases.merge.toFixed(1)}, derivate ${r.phases.refresh.toFixed(1)}, indecși ${r.phases.indexes.toFixed(1)} s)`,
  );
}

/**
 * The fan-out worker's pass after an import (decision 073), as the mail sender's loop runs it: the
 * sender notices a finished run within its poll (2 s by default) and fans it out through the app's pool.
 */
async function workerPass(): Promise<Notified> {
  const { fanOutPendingRuns } = await import('../../server/watch/fanout');
  const t = performance.now();
  const r = await fanOutPendingRuns();
  return { created: r.runs.reduce((n, x) => n + x.created, 0), ms: performance.now() - t };
}

export default async function run() {
  const onrcA = path.join(FILES, `onrc-${COMPANIES}`);
  const onrcB = path.join(FILES, `onrc-${COMPANIES}-changed-${CHANGED}`);
  if (!existsSync(path.join(onrcA, 'OD_FIRME.CSV'))) await generateOnrc(onrcA, COMPANIES);
  const changedCount = await makeChangedExtract(onrcA, onrcB);
  console.log(
    `set: ${fmt(COMPANIES)} înregistrări ONRC, ${fmt(USERS)} utilizatori × ${fmt(FOLLOWS)} firme urmărite, ${fmt(GROUPS)} grupuri urmărite de câte 100 de firme, ` +
      `${fmt(changedCount)} firme schimbate de import (scalare: ${fmt(FULL_FOLLOWS)} urmăriri/utilizator la ${fmt(FULL_COMPANIES)} firme dau același număr de urmăritori pe firmă)`,
  );

  const base = process.env.MONITORING_BENCH_DIR ?? '/var/tmp/radarfirme-monitoring-bench';
  rmSync(base, { recursive: true, force: true });
  mkdirSync(base, { recursive: true });
  pgDataDir = resolveDataDir(path.join(base, 'pg'));
  const db = await startEmbedded({ dataDir: path.join(base, 'pg'), port: await freePort(), durable: false, sharedBuffers: '1GB' });
  process.env.DATABASE_URL = db.url;
  const { prepareDatabase } = await import('../data/prepare');
  const c = new pg.Client({ connectionString: db.url });
  try {
    await migrate(db.url);
    await prepareDatabase(db.url, { demoCompanies: 0, quiet: true });
    await c.connect();
    // server/kernel/env may have been parsed before DATABASE_URL was set: point the app's pool here
    const { env } = await import('../../server/kernel/env');
    (env as { DATABASE_URL: string }).DATABASE_URL = db.url;
    const { closeDb } = await import('../../server/kernel/db');
    await closeDb();
    const rejects = (n: string) => ['--respinse', path.join(base, `${n}-respinse.csv`)];
    let c0 = cpuSeconds();
    report('ONRC, prima încărcare (referința)', await importProcess(db.url, ['onrc', onrcA, '--data', '2026-10-01', ...rejects('a')]), c0, await workerPass());
    await c.query('CHECKPOINT');
    c0 = cpuSeconds();
    const t0 = await importProcess(db.url, ['onrc', onrcB, '--data', '2026-10-12', ...rejects('b')]);
    report('ONRC cu modificări, fără urmăritori', t0, c0, await workerPass());
    await c.query('CHECKPOINT');
    c0 = cpuSeconds();
    const t0back = await importProcess(db.url, ['onrc', onrcA, '--data', '2026-10-20', '--fortat', ...rejects('a2')]);
    report('ONRC înapoi la prima stare, fără urmăritori', t0back, c0, await workerPass());

    // the followers: USERS users; FOLLOWS companies each, half of them among the 2 % most followed
    // companies ("many shared"), half anywhere; GROUPS groups of 100 companies followed by their owners
    let t = performance.now();
    await c.query(
      `INSERT INTO app_user (user_name, user_name_norm, email, role_id)
       SELECT 'Bench ' || i, 'bench ' || i, 'bench-' || i || '@exemplu.ro', (SELECT id FROM role WHERE name = 'User')
       FROM generate_series(1, $1) i`,
      [USERS],
    );
    await c.query(`CREATE TEMP TABLE bc AS SELECT row_number() OVER (ORDER BY md5(cui::text))::int AS rn, cui FROM company`);
    await c.query(`CREATE UNIQUE INDEX ON bc (rn)`);
    const n = Number((await c.query(`SELECT count(*) AS n FROM bc`)).rows[0].n);
    const popular = Math.max(1, Math.floor(n * 0.02));
    await c.query(
      `INSERT INTO watch_company (user_id, cui)
       SELECT p.user_id, bc.cui
       FROM (SELECT u.id AS user_id, CASE WHEN j % 2 = 0 THEN 1 + floor(random() * $2)::int ELSE 1 + floor(random() * $3)::int END AS rn
             FROM app_user u CROSS JOIN generate_series(1, $1) j WHERE u.email LIKE 'bench-%' OFFSET 0) p
       JOIN bc ON bc.rn = p.rn
       ON CONFLICT DO NOTHING`,
      [FOLLOWS, popular, n],
    );
    await c.query(
      `WITH owners AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM app_user WHERE email LIKE 'bench-%' ORDER BY id LIMIT $1),
       g AS (INSERT INTO company_group_list (name, owner_id) SELECT 'Grup ' || k, id FROM owners RETURNING id, owner_id),
       w AS (INSERT INTO watch_group (user_id, group_id) SELECT owner_id, id FROM g)
       INSERT INTO company_in_group (group_id, cui, added_by_id)
       SELECT g.id, bc.cui, g.owner_id FROM g CROSS JOIN generate_series(1, 100) j JOIN bc ON bc.rn = 1 + ((g.id * 7919 + j * 104729) % $2)
       ON CONFLICT DO NOTHING`,
      [GROUPS, n],
    );
    // a steady state: the new rows vacuumed and on disk, as follows made over weeks would be (an
    // autovacuum of 700,000 fresh rows and the checkpoint after them would otherwise run beside
    // the timed import and be counted as its slowdown)
    await c.query('VACUUM (ANALYZE) watch_company, watch_group, company_in_group, company_group_list, app_user');
    await c.query('ANALYZE');
    await c.query('CHECKPOINT');
    const follows = Number((await c.query(`SELECT count(*) AS n FROM watch_company`)).rows[0].n);
    console.log(`urmăriri create: ${fmt(follows)} directe + ${fmt(GROUPS)} grupuri, în ${((performance.now() - t) / 1000).toFixed(0)} s (companii în bază: ${fmt(n)})`);

    c0 = cpuSeconds();
    const t1 = await importProcess(db.url, ['onrc', onrcB, '--data', '2026-11-01', '--fortat', ...rejects('b2')]);
    const n1 = await workerPass();
    report('ONRC cu modificări, cu urmăritori', t1, c0, n1);
    // and back, as without followers: two imports each way, since one import's wall clock varies
    // by ±30 % from run to run on this shared machine
    await c.query('CHECKPOINT');
    c0 = cpuSeconds();
    const t1back = await importProcess(db.url, ['onrc', onrcA, '--data', '2026-11-10', '--fortat', ...rejects('a3')]);
    const n1back = await workerPass();
    report('ONRC înapoi la prima stare, cu urmăritori', t1back, c0, n1back);
    const fan = Math.max(n1.ms, n1back.ms) / 1000;
    const without = (t0.seconds + t0back.seconds) / 2;
    const withF = (t1.seconds + t1back.seconds) / 2;
    const importCpu = (a: RunResult, b: RunResult) => ((a.cpuSeconds ?? 0) + (b.cpuSeconds ?? 0)) / 2;
    console.log(
      `→ notificările tuturor urmăritorilor: la cel mult ${fan.toFixed(2)} s după încheierea importului, plus cel mult ${FANOUT_POLL_S} s până când ` +
        `expeditorul observă importul încheiat (țintă ≤ 60 s); importul, media a două rulări: ${withF.toFixed(1)} s cu urmăritori, ${without.toFixed(1)} s fără: ` +
        `încetinire ${((100 * (withF - without)) / without).toFixed(1)} % pe ceas (țintă ≤ 10 %; CPU-ul importorului ${importCpu(t1, t1back).toFixed(1)} s față de ${importCpu(t0, t0back).toFixed(1)} s). ` +
        `Fan-out-ul rulează după import, în expeditor (decizia 073): import + fan-out = ${((100 * (withF + (n1.ms + n1back.ms) / 2000 - without)) / without).toFixed(1)} % peste referință`,
    );
    const perUser = (await c.query(`SELECT count(DISTINCT user_id)::int AS users, count(*)::int AS n FROM notification`)).rows[0];
    console.log(`notificări: ${fmt(perUser.n)} pentru ${fmt(perUser.users)} utilizatori`);

    const { queueNotificationMails } = await import('../../server/watch/delivery');
    // 10:00 in Bucharest: every default (08:00) digest is due
    t = performance.now();
    c0 = cpuSeconds();
    const digest = await queueNotificationMails(new Date('2026-11-28T08:00:00Z'));
    const digestS = (performance.now() - t) / 1000;
    const mailSize = (await c.query(`SELECT coalesce(avg(octet_length(html) + octet_length(coalesce(text, ''))), 0)::int AS b FROM outbox_mail`)).rows[0].b;
    console.log(
      `rezumatul zilnic: ${fmt(digest.queued)} e-mailuri puse în coadă (${fmt(digest.users)} utilizatori, ${fmt(digest.skipped)} fără e-mail, ${fmt(mailSize)} octeți în medie) ` +
        `în ${digestS.toFixed(1)} s (țintă ≤ 60 s), load ${load()}, ${cpuSince(c0)}`,
    );
    const ph = digest.ms;
    console.log(`  pe faze (s, pe ceas): utilizatori ${(ph.due / 1000).toFixed(1)}, notificări citite ${(ph.pending / 1000).toFixed(1)}, compunere ${(ph.compose / 1000).toFixed(1)}, scriere ${(ph.write / 1000).toFixed(1)}`);

    // the feed of a user with FEED_SIZE notifications (of every kind, a third unread)
    const feedUser = (await c.query<{ id: number }>(`SELECT id FROM app_user WHERE email = 'bench-1@exemplu.ro'`)).rows[0].id;
    await c.query(`DELETE FROM notification WHERE user_id = $1`, [feedUser]);
    const { CHANGE_KINDS } = await import('../../lib/watch/kinds');
    await c.query(
      `WITH ch AS (
         INSERT INTO company_change (cui, kind, old_value, new_value, source, data_date)
         SELECT bc.cui, ($3::text[])[1 + i % cardinality($3::text[])], 'vechi', 'nou', 'onrc', date '2026-01-01' + (i % 300)
         FROM generate_series(1, $2) i JOIN bc ON bc.rn = 1 + (i * 7919) % (SELECT count(*) FROM bc)
         RETURNING id, kind)
       INSERT INTO notification (user_id, change_id, kind, channel, read_at)
       SELECT $1, id, kind, 'feed', CASE WHEN id % 3 = 0 THEN NULL ELSE now() END FROM ch ORDER BY id`,
      [feedUser, FEED_SIZE, [...CHANGE_KINDS]],
    );
    await c.query('ANALYZE notification; ANALYZE company_change');
    const { listNotifications, countUnread } = await import('../../server/watch/queries');
    const actor = { userId: feedUser, userName: 'Bench 1', roles: ['User' as const] };
    const requests: Array<{ label: string; q: { Kind: '' | (typeof CHANGE_KINDS)[number]; UnreadOnly: boolean; PageNumber: number } }> = [];
    for (let i = 0; i < 400; i++) {
      const r = i % 10;
      requests.push(
        r < 5
          ? { label: 'prima pagină', q: { Kind: '', UnreadOnly: false, PageNumber: 1 } }
          : r < 7
            ? { label: 'pagini 2–500', q: { Kind: '', UnreadOnly: false, PageNumber: 2 + ((i * 37) % 499) } }
            : r < 9
              ? { label: 'filtru după tip', q: { Kind: CHANGE_KINDS[i % CHANGE_KINDS.length], UnreadOnly: false, PageNumber: 1 + (i % 3) } }
              : { label: 'necitite', q: { Kind: '', UnreadOnly: true, PageNumber: 1 } },
      );
    }
    for (const r of requests.slice(0, 20)) await listNotifications(actor, r.q); // warm-up
    c0 = cpuSeconds();
    const times = new Map<string, number[]>();
    const all: number[] = [];
    for (const r of requests) {
      const s = performance.now();
      await listNotifications(actor, r.q);
      const ms = performance.now() - s;
      all.push(ms);
      times.set(r.label, [...(times.get(r.label) ?? []), ms]);
    }
    const bell: number[] = [];
    for (let i = 0; i < 200; i++) {
      const s = performance.now();
      await countUnread(actor);
      bell.push(performance.now() - s);
    }
    console.log(`fluxul unui utilizator cu ${fmt(FEED_SIZE)} notificări (${all.length} cereri): p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms (țintă ≤ 30 ms), load ${load()}, ${cpuSince(c0)} (cu clopoțelul)`);
    for (const [label, v] of times) console.log(`  ${label.padEnd(18)} p50 ${percentile(v, 50).toFixed(1)} ms, p95 ${percentile(v, 95).toFixed(1)} ms (${v.length})`);
    console.log(`  clopoțelul (necitite) p50 ${percentile(bell, 50).toFixed(1)} ms, p95 ${percentile(bell, 95).toFixed(1)} ms`);
    await closeDb();
  } finally {
    await c.end().catch(() => {});
    await db.stop();
    if (!process.env.MONITORING_BENCH_KEEP) rmSync(base, { recursive: true, force: true });
  }
}
