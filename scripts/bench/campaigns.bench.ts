// Campaigns a salesperson can trust (issue 28), three figures:
// 1. the scheduler: 100 sendings scheduled for the same minute (100 recipients each, queued through
//    the real sendDraft with ScheduledAt) and one sender cycle run at that minute against a local
//    SMTP sink, at the deployment's rate (MAIL_RATE_PER_MINUTE, 6,000 by default): when did each
//    sending's first message leave, counted from its time? Goal: the last within one sender cycle
//    (the loop's 15 s interval), not behind the other sendings' messages;
// 2. 10,000 DSNs (RFC 3464, the Postfix fixture addressed to each message's VERP bounce address)
//    through processReport, the code behind POST /api/inbound/bounce and `npm run mail:bounces`,
//    4 at a time; then 10,000 more of another sending through processReports in batches of 500,
//    the code behind `npm run mail:bounce-import` (a bounce mailbox drained in bulk). Goal: ≤ 30 s;
// Each part also prints its CPU time (this process and PostgreSQL), the statements it sent and the
// load average, which move less with the machine's load than the wall time.
// 3. the results view of a 100,000-message sending (its two endpoints, GET getSendingResults and
//    getTemplateResults, through their route handlers with a session), p50 / p95 of 200 calls each.
//    Goal: p95 ≤ 50 ms.
// Run: npm run bench -- campaigns   (or: npx tsx --conditions=react-server scripts/bench/campaigns.bench.ts)
// BENCH_SCHEDULED_SENDINGS, BENCH_SCHEDULED_RECIPIENTS, BENCH_DSNS, BENCH_RESULT_MESSAGES change the sizes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runStandalone, sleep, startSink } from './mail-support';

export const standalone = true;

const SENDINGS = Number(process.env.BENCH_SCHEDULED_SENDINGS ?? 100);
const PER_SENDING = Number(process.env.BENCH_SCHEDULED_RECIPIENTS ?? 100);
const DSNS = Number(process.env.BENCH_DSNS ?? 10_000);
const RESULT_MESSAGES = Number(process.env.BENCH_RESULT_MESSAGES ?? 100_000);
const SENDER_CYCLE_MS = 15_000; // scripts/mail/send.ts --loop: the idle interval between cycles

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

// What a part cost besides its wall time, which moves with the machine's load: the CPU seconds of
// this process and of the PostgreSQL server (its backends, live and exited), the statements sent
// to the database (round trips, each waiting for a CPU on a busy machine; counted in this
// process), and the load average at the start and the end.
let roundTrips = 0;
let counting = false;
async function countRoundTrips(): Promise<void> {
  if (counting) return;
  counting = true;
  // Every statement any pg client sends (pool.query, transactions' BEGIN/COMMIT included).
  const pg = (await import('pg')).default;
  const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: unknown, ...a: unknown[]) {
    roundTrips++;
    return query.apply(this, a);
  } as typeof pg.Client.prototype.query;
}

async function meter(): Promise<() => Promise<string>> {
  await countRoundTrips();
  const { sql } = await import('../../server/kernel/db');
  const { readFileSync: read, readdirSync } = await import('node:fs');
  const { loadavg } = await import('node:os');
  const [{ pid }] = await sql<{ pid: number }>(`SELECT pg_backend_pid() AS pid`);
  const stat = (p: number | string) => read(`/proc/${p}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  const postmaster = Number(stat(pid)[1]);
  // Ticks of the postmaster and of its children (live ones now; exited ones are in its cutime/cstime).
  const pgTicks = () => {
    const own = stat(postmaster);
    let t = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const f = stat(d);
        if (Number(f[1]) === postmaster) t += Number(f[11]) + Number(f[12]);
      } catch {
        // gone meanwhile
      }
    }
    return t;
  };
  const xacts = async () => roundTrips;
  const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
  const startLoad = load();
  const cpu0 = process.cpuUsage();
  const pg0 = pgTicks();
  const x0 = await xacts();
  return async () => {
    const x1 = await xacts();
    const cpu = process.cpuUsage(cpu0);
    return `CPU Node ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s, CPU PostgreSQL ${((pgTicks() - pg0) / 100).toFixed(2)} s, ${(x1 - x0).toLocaleString('ro-RO')} interogări trimise; încărcare ${startLoad} → ${load()}`;
  };
}

async function scheduler(): Promise<void> {
  const { sql } = await import('../../server/kernel/db');
  const { env } = await import('../../server/kernel/env');
  const { sendDraft } = await import('../../server/sending/commands');
  const { deliverCampaignMessages } = await import('../../server/sending/sender');
  const { rescheduleSending } = await import('../../server/sending/schedule');
  const { createUser } = await import('../../tests/factories/users');
  const { addContactsBulk, createDraft } = await import('../../tests/factories/sending');
  const { utcToBucharestLocal } = await import('../../lib/sending/schedule');
  const sink = await startSink();
  env.CAMPAIGN_SMTP_URL = `smtp://127.0.0.1:${sink.port}`;
  const n = SENDINGS * PER_SENDING;
  env.MAIL_DAILY_LIMIT_PER_USER = Math.max(env.MAIL_DAILY_LIMIT_PER_USER, n * 2);
  const perCompany = 5;
  const companiesPer = Math.ceil(PER_SENDING / perCompany);
  const companies = await sql<{ cui: number }>(
    `SELECT c.cui FROM company c WHERE NOT EXISTS (SELECT 1 FROM contact k WHERE k.cui = c.cui) ORDER BY c.cui LIMIT $1`,
    [companiesPer * SENDINGS],
  );
  if (companies.length < companiesPer * SENDINGS) throw new Error(`Prea puține companii fără contacte: ${companies.length}.`);
  const tag = Date.now().toString(36);
  const contacts = companies.flatMap((c, i) => Array.from({ length: perCompany }, (_, k) => ({ cui: c.cui, email: `sch-${tag}-${i}-${k}@sink.radarfirme.test` })));
  await addContactsBulk(contacts);
  const user = await createUser();
  const actor = { userId: user.id, userName: user.userName, roles: ['User' as const] };
  // Queued an hour ahead (rendering 100 previews takes a while on a busy machine), then all moved
  // by the author's own reschedule to the start of the same minute, at least 2 min away.
  const later = utcToBucharestLocal(new Date(Date.now() + 3600_000));
  const t0 = performance.now();
  const ids: number[] = [];
  for (let s = 0; s < SENDINGS; s++) {
    const draftId = await createDraft(user.id, companies.slice(s * companiesPer, (s + 1) * companiesPer).map((c) => ({ cui: c.cui })), { subject: `Programată ${s} {{NumeFirma}}` });
    const r = await sendDraft(actor, draftId, { ScheduledAt: later });
    if (r.Queued !== PER_SENDING) throw new Error(`Trimiterea ${s}: ${r.Queued} mesaje în coadă în loc de ${PER_SENDING}.`);
    ids.push(draftId);
  }
  const due = new Date(Math.ceil((Date.now() + 120_000) / 60_000) * 60_000);
  const at = utcToBucharestLocal(due);
  for (const id of ids) await rescheduleSending(actor, { MailDraftId: id, ScheduledAt: at });
  console.log(`${SENDINGS} trimiteri × ${PER_SENDING} destinatari programate pentru ${at} (ora României) în ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await sleep(Math.max(0, due.getTime() - Date.now()) + 200);
  const cycleStart = Date.now();
  const report = await deliverCampaignMessages({ timeBudgetMs: 600_000 });
  const cycleMs = Date.now() - cycleStart;
  const starts = await sql<{ id: number; delay_ms: number }>(
    `SELECT gm.id, extract(epoch FROM min(ms.sent_at) - gm.scheduled_for) * 1000 AS delay_ms
       FROM grouped_mail gm JOIN mail_send ms ON ms.grouped_mail_id = gm.id
      WHERE gm.id = ANY($1::int[]) GROUP BY gm.id`,
    [ids],
  );
  const delays = starts.map((s) => Number(s.delay_ms));
  const last = Math.max(...delays);
  console.log(
    `Un ciclu al expeditorului (rata ${env.MAIL_RATE_PER_MINUTE.toLocaleString('ro-RO')}/minut): ${report.sent} mesaje în ${(cycleMs / 1000).toFixed(1)} s; ` +
      `${starts.length}/${SENDINGS} trimiteri pornite; prima plecare după ora programată: mediană ${(pct(delays, 50) / 1000).toFixed(2)} s, ultima ${(last / 1000).toFixed(2)} s`,
  );
  console.log(starts.length === SENDINGS && last <= SENDER_CYCLE_MS ? 'OK: toate au pornit în primul ciclu (≤ 15 s).' : 'SUB ȚINTĂ: o trimitere a așteptat mai mult de un ciclu.');
  await sql(`DELETE FROM grouped_mail WHERE id = ANY($1::int[])`, [ids]);
  await sql(`DELETE FROM contact WHERE email = ANY($1::text[])`, [contacts.map((c) => c.email)]);
  await sql(`DELETE FROM app_user WHERE id = $1`, [user.id]);
  await sink.close();
}

/** A sent campaign of `n` messages straight in SQL: delivered, 30 % opened, 6 % clicked, 2 % bounced, 1 % unsubscribed. */
export async function sentCampaign(userId: number, n: number, tag: string, templateId: number | null): Promise<number> {
  const { sql } = await import('../../server/kernel/db');
  const [gm] = await sql<{ id: number }>(
    `INSERT INTO grouped_mail (name, content, created_by_id, sent_on, html, template_id) VALUES ($1, '{}', $2, now() - interval '2 days', '<p>x</p>', $3) RETURNING id`,
    [`Rezultate ${tag}`, userId, templateId],
  );
  const cuis = (await sql<{ cui: number }>(`SELECT cui FROM company ORDER BY cui LIMIT 1000`)).map((c) => c.cui);
  await sql(
    `INSERT INTO mail_send (grouped_mail_id, cui, email, status, tracking_id, message_id, sent_at, opened_at, clicked_at, bounced_at, attempts, next_attempt)
     SELECT $1, ($3::int[])[1 + i % cardinality($3::int[])], 'r' || i || '.' || $4 || '@exemplu-bench.ro',
            CASE WHEN i % 50 = 0 THEN 'Esuat' WHEN i % 17 = 0 THEN 'Interactionat' WHEN i % 3 = 0 THEN 'Deschis' ELSE 'Trimis' END,
            gen_random_uuid(), '<' || gen_random_uuid() || '@bench>',
            CASE WHEN i % 50 = 0 THEN NULL ELSE now() - interval '2 days' + i * interval '1 millisecond' END,
            CASE WHEN i % 3 = 0 OR i % 17 = 0 THEN now() - interval '2 days' + (i % 48) * interval '1 hour' END,
            CASE WHEN i % 17 = 0 THEN now() - interval '2 days' + (i % 48) * interval '1 hour' END,
            CASE WHEN i % 49 = 0 THEN now() - interval '1 day' END, 1, now()
       FROM generate_series(1, $2::int) i`,
    [gm.id, n, cuis, tag],
  );
  await sql(
    `INSERT INTO mail_suppression (email, reason, mail_send_id, detail)
     SELECT email, CASE WHEN bounced_at IS NOT NULL THEN 'Bounce' ELSE 'Unsubscribe' END, id, 'bench'
       FROM mail_send WHERE grouped_mail_id = $1 AND (bounced_at IS NOT NULL OR id % 100 = 7)
     ON CONFLICT (email) DO NOTHING`,
    [gm.id],
  );
  await sql(
    `INSERT INTO mail_status_event (mail_send_id, status, created_at, url)
     SELECT id, 'Interactionat', clicked_at, 'https://exemplu.ro/oferta-' || (id % 4) FROM mail_send WHERE grouped_mail_id = $1 AND clicked_at IS NOT NULL`,
    [gm.id],
  );
  await sql(`ANALYZE mail_send`);
  await sql(`ANALYZE mail_suppression`);
  await sql(`ANALYZE mail_status_event`);
  return gm.id;
}

async function dsns(): Promise<void> {
  const { sql } = await import('../../server/kernel/db');
  const { processReport, processReports } = await import('../../server/sending/bounces/inbound');
  const { verpAddress } = await import('../../server/sending/bounces/verp');
  const { createUser } = await import('../../tests/factories/users');
  const user = await createUser();
  const fixture = readFileSync(path.join(__dirname, '../../tests/fixtures/mail/dsn-postfix-hard.eml'), 'utf8');
  const campaign = async (tag: string) => {
    const id = await sentCampaign(user.id, DSNS, tag, null);
    const rows = await sql<{ email: string; tracking_id: string; message_id: string }>(
      `SELECT email, tracking_id::text, message_id FROM mail_send WHERE grouped_mail_id = $1 ORDER BY id`,
      [id],
    );
    const reports = rows.map((r) => {
      const to = verpAddress(r.tracking_id) ?? '';
      return { to, raw: fixture.replace(/\{\{BOUNCE_TO\}\}/g, to).replace(/\{\{RECIPIENT\}\}/g, r.email).replace(/\{\{MESSAGE_ID\}\}/g, r.message_id) };
    });
    return { id, reports };
  };
  const ids: number[] = [];
  const tag = `d${Date.now().toString(36)}`;
  const report = async (label: string, n: number, suppressed: number, seconds: number, cost: () => Promise<string>) => {
    const [{ total }] = await sql<{ total: number }>(`SELECT count(*)::int AS total FROM mail_send`);
    console.log(`${label}: ${n.toLocaleString('ro-RO')} DSN-uri procesate în ${seconds.toFixed(1)} s (${Math.round(n / seconds)}/s; ${suppressed.toLocaleString('ro-RO')} adrese suprimate; mail_send: ${total.toLocaleString('ro-RO')} rânduri)`);
    console.log(`  ${await cost()}`);
    console.log(seconds <= 30 ? 'OK: ≤ 30 s.' : 'SUB ȚINTĂ: > 30 s.');
  };

  // 1. What the bounce endpoint and the bounce SMTP listener see: reports one by one, 4 deliveries
  //    in parallel, through processReport.
  {
    const { id, reports } = await campaign(tag);
    ids.push(id);
    const cost = await meter();
    const t0 = performance.now();
    let next = 0;
    let suppressed = 0;
    const worker = async () => {
      while (next < reports.length) {
        const r = reports[next++];
        const done = await processReport(r.raw, [r.to]);
        suppressed += done.Suppressed;
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    await report('Unul câte unul, 4 în paralel (POST /api/inbound/bounce)', reports.length, suppressed, (performance.now() - t0) / 1000, cost);
  }
  // 2. A bounce mailbox drained in bulk (npm run mail:bounce-import): batches of 500 through processReports
  //    (skipped on code from before it existed, to compare part 1 on older commits).
  if (typeof processReports === 'function') {
    const { id, reports } = await campaign(`${tag}m`);
    ids.push(id);
    const cost = await meter();
    const t0 = performance.now();
    let suppressed = 0;
    for (let k = 0; k < reports.length; k += 500) {
      for (const a of await processReports(reports.slice(k, k + 500).map((r) => ({ raw: r.raw, envelopeRecipients: [r.to] })))) suppressed += a.Suppressed;
    }
    await report('Din căsuța de respingeri, câte 500 (npm run mail:bounce-import)', reports.length, suppressed, (performance.now() - t0) / 1000, cost);
  }
  await sql(`DELETE FROM mail_suppression WHERE mail_send_id IN (SELECT id FROM mail_send WHERE grouped_mail_id = ANY($1::int[]))`, [ids]);
  await sql(`DELETE FROM grouped_mail WHERE id = ANY($1::int[])`, [ids]);
  await sql(`DELETE FROM app_user WHERE id = $1`, [user.id]);
}

async function results(): Promise<void> {
  const { sql } = await import('../../server/kernel/db');
  const { issueSession } = await import('../../server/auth/tokens');
  const { createUser } = await import('../../tests/factories/users');
  const { GET: sendingResults } = await import('../../app/api/MailSend/getSendingResults/route');
  const { GET: templateResults } = await import('../../app/api/MailSend/getTemplateResults/route');
  const user = await createUser();
  const [t] = await sql<{ id: number }>(`INSERT INTO mail_template (name, content, owner_id, updated_at) VALUES ('Ofertă bench', '{}', $1, now()) RETURNING id`, [user.id]);
  const tag = `r${Date.now().toString(36)}`;
  const t0 = performance.now();
  const id = await sentCampaign(user.id, RESULT_MESSAGES, tag, t.id);
  // Two earlier, smaller sendings of the same template (the per-template rates read them too).
  const others = [await sentCampaign(user.id, 5000, `${tag}a`, t.id), await sentCampaign(user.id, 5000, `${tag}b`, t.id)];
  console.log(`Trimitere de ${RESULT_MESSAGES.toLocaleString('ro-RO')} mesaje (și două de 5.000 ale aceluiași template) create în ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const token = (await issueSession(user.id)).AccessToken;
  const get = (handler: (r: Request) => Promise<Response>, url: string) => handler(new Request(`http://localhost:3000${url}`, { headers: { authorization: `Bearer ${token}` } }));
  for (const [label, handler, url] of [
    ['getSendingResults', sendingResults, `/api/MailSend/getSendingResults?groupedMailId=${id}`],
    ['getTemplateResults', templateResults, `/api/MailSend/getTemplateResults?templateId=${t.id}`],
  ] as const) {
    const f0 = performance.now();
    const first = await get(handler, url);
    if (first.status !== 200) throw new Error(`${label}: ${first.status} ${await first.text()}`);
    console.log(`${label}: prima cerere (calculează rezultatele) ${ms(performance.now() - f0)}`);
    for (let i = 0; i < 10; i++) await (await get(handler, url)).arrayBuffer();
    const times: number[] = [];
    const cost = await meter();
    for (let i = 0; i < 200; i++) {
      const s = performance.now();
      await (await get(handler, url)).arrayBuffer();
      times.push(performance.now() - s);
    }
    const p95 = pct(times, 95);
    console.log(`${label} (${RESULT_MESSAGES.toLocaleString('ro-RO')} mesaje), 200 cereri: p50 ${ms(pct(times, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...times))} ${p95 <= 50 ? 'OK' : 'SUB ȚINTĂ (> 50 ms)'}`);
    console.log(`  ${await cost()}`);
  }
  await sql(`DELETE FROM mail_suppression WHERE mail_send_id IN (SELECT id FROM mail_send WHERE grouped_mail_id = ANY($1::int[]))`, [[id, ...others]]);
  await sql(`DELETE FROM grouped_mail WHERE id = ANY($1::int[])`, [[id, ...others]]);
  await sql(`DELETE FROM app_user WHERE id = $1`, [user.id]);
}

/** BENCH_CAMPAIGNS_PARTS=explain: the plans of the bounce batch statement and of the snapshot refresh on the bench's data (rolled back). */
async function explain(): Promise<void> {
  const { getPool, sql } = await import('../../server/kernel/db');
  const { SUPPRESS_ALL_SQL } = await import('../../server/sending/bounces/record');
  const { REFRESH_SQL } = await import('../../server/sending/results');
  const { createUser } = await import('../../tests/factories/users');
  const user = await createUser();
  const id = await sentCampaign(user.id, RESULT_MESSAGES, `x${Date.now().toString(36)}`, null);
  const rows = await sql<{ email: string; tracking_id: string }>(`SELECT email, tracking_id::text FROM mail_send WHERE grouped_mail_id = $1 ORDER BY id LIMIT 500`, [id]);
  const client = await getPool().connect();
  const plan = async (label: string, text: string, values: unknown[]) => {
    await client.query('BEGIN');
    const { rows: lines } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, values);
    await client.query('ROLLBACK');
    console.log(`── ${label}\n${lines.map((l) => l['QUERY PLAN']).join('\n')}`);
  };
  try {
    for (const n of [2, 500]) {
      const some = rows.slice(0, n);
      await plan(`${n} respingeri într-o instrucțiune`, SUPPRESS_ALL_SQL, [some.map((r) => r.tracking_id), some.map((r) => r.email), some.map(() => 'Bounce'), some.map(() => 'bench')]);
    }
    await plan(`Recalcularea rezultatelor unei trimiteri de ${RESULT_MESSAGES.toLocaleString('ro-RO')} mesaje`, REFRESH_SQL, [id]);
  } finally {
    client.release();
  }
  await sql(`DELETE FROM mail_suppression WHERE mail_send_id IN (SELECT id FROM mail_send WHERE grouped_mail_id = $1)`, [id]);
  await sql(`DELETE FROM grouped_mail WHERE id = $1`, [id]);
  await sql(`DELETE FROM app_user WHERE id = $1`, [user.id]);
}

export default async function run({ url }: { url: string }): Promise<void> {
  if (!url) {
    // Through run.ts: a throwaway cluster of its own (the scheduler needs companies without contacts).
    const { startTestCluster } = await import('../db/test-cluster');
    const cluster = await startTestCluster({ companies: Number(process.env.BENCH_COMPANIES ?? 4000) });
    process.env.DATABASE_URL = cluster.url;
    // run.ts has read the settings already (scripts/data/bench-db): point them at this cluster.
    (await import('../../server/kernel/env')).env.DATABASE_URL = cluster.url;
    try {
      await runAll();
    } finally {
      const { closeDb } = await import('../../server/kernel/db');
      await closeDb();
      await cluster.cleanup();
    }
    return;
  }
  await runAll();
}

async function runAll(): Promise<void> {
  const only = (process.env.BENCH_CAMPAIGNS_PARTS ?? 'scheduler,dsn,results').split(',');
  if (only.includes('scheduler')) await scheduler();
  if (only.includes('dsn')) await dsns();
  if (only.includes('results')) await results();
  if (only.includes('explain')) await explain();
}

if (require.main === module) runStandalone(runAll);
