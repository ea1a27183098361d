// `npm run bench -- hostile-reports`: the report half of the hostile-input run (issue 45, decision
// 086). 1,000 crafted delivery reports (tests/factories/hostile-reports.ts: DSN and ARF to the
// bounce address, SES notifications through SNS, Postmark events; forged, naming no message or
// another recipient's, oversized, built to make the parsers work) posted to the real route
// handlers four at a time, as the bounce listener delivers, against 20 delivered messages.
// Prints the count by answer, the worst time (overall and per format), the peak RSS of this
// process, and what changed (goal: no 5xx, each answer within 2 s, memory bounded, nothing
// suppressed, no message changed). The uploads half is another benchmark.
// Standalone: its own throwaway database. BENCH_HOSTILE_REPORTS changes the count.
import { generateKeyPairSync } from 'node:crypto';
import { runStandalone } from './mail-support';

export const standalone = true;

const REPORTS = Number(process.env.BENCH_HOSTILE_REPORTS ?? 1000);
const VICTIMS = 20;
const CONCURRENCY = 4;

async function runAll(): Promise<void> {
  const { sql } = await import('../../server/kernel/db');
  const { env } = await import('../../server/kernel/env');
  const { hostileReport } = await import('../../tests/factories/hostile-reports');
  const { createUser } = await import('../../tests/factories/users');
  const { POST: inboundBounce } = await import('../../app/api/inbound/bounce/route');
  const { POST: sesWebhook } = await import('../../app/api/webhooks/ses/route');
  const { POST: postmarkWebhook } = await import('../../app/api/webhooks/postmark/route');

  // Delivered messages to attack, written straight in SQL (the sending itself is not measured).
  const user = await createUser();
  const [gm] = await sql<{ id: number }>(`INSERT INTO grouped_mail (name, content, created_by_id, sent_on, html) VALUES ('Ostil', '{}', $1, now(), '<p>x</p>') RETURNING id`, [user.id]);
  const tag = Date.now().toString(36);
  const victims = await sql<{ id: number; email: string; tracking_id: string; message_id: string }>(
    `INSERT INTO mail_send (grouped_mail_id, cui, email, status, tracking_id, message_id, sent_at, attempts)
     SELECT $1, c.cui, 'victima' || g.i || '.' || $3 || '@exemplu-bench.ro', 'Trimis', g.tid, '<' || g.tid || '@radarfirme.ro>', now() - interval '1 hour', 1
       FROM (SELECT i, gen_random_uuid() AS tid FROM generate_series(1, $2::int) i) g
       CROSS JOIN LATERAL (SELECT cui FROM company ORDER BY cui OFFSET g.i LIMIT 1) c
     RETURNING id, email, tracking_id::text, message_id`,
    [gm.id, VICTIMS, tag],
  );
  const state = async () =>
    JSON.stringify(await sql(`SELECT id, status, bounced_at, soft_bounces, last_error, next_attempt, attempts FROM mail_send WHERE grouped_mail_id = $1 ORDER BY id`, [gm.id]));
  const before = await state();

  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const setup = {
    cronSecret: 'secret-cron-ostil-0123456789',
    postmarkAuth: 'postmark:parola-ostila',
    snsTopic: 'arn:aws:sns:eu-central-1:123456789012:ses-bounces',
    snsCertUrl: 'https://sns.eu-central-1.amazonaws.com/SimpleNotificationService-9c6465fa7f48f5cacd23014631ec1136.pem',
    snsPrivateKey: privateKey,
  };
  Object.assign(env, { CRON_SECRET: setup.cronSecret, POSTMARK_WEBHOOK_AUTH: setup.postmarkAuth, SES_SNS_TOPIC_ARNS: setup.snsTopic });
  // No network: SNS's certificate is served here; anything else fetched is counted and refused.
  const foreign: string[] = [];
  globalThis.fetch = (async (u: string | URL | Request) => {
    if (String(u) === setup.snsCertUrl) return new Response(publicKey.export({ type: 'spki', format: 'pem' }) as string);
    foreign.push(String(u));
    return new Response('', { status: 404 });
  }) as typeof fetch;

  const handlers: Record<string, (req: Request) => Promise<Response>> = { '/api/inbound/bounce': inboundBounce, '/api/webhooks/ses': sesWebhook, '/api/webhooks/postmark': postmarkWebhook };
  let bytes = 0;

  let peakRss = process.memoryUsage().rss;
  const rssAtStart = peakRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const answers: { format: string; label: string; status: number; ms: number }[] = [];
  const t0 = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < REPORTS) {
      // Built one at a time, so the peak RSS is the handling's, not the corpus's.
      const r = hostileReport(next++, victims, setup);
      bytes += r.body.length;
      const s = performance.now();
      const res = await handlers[r.path.split('?')[0]](new Request(`http://localhost${r.path}`, { method: 'POST', body: r.body, headers: r.headers }));
      await res.text();
      answers.push({ format: r.format, label: r.label, status: res.status, ms: performance.now() - s });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);

  const byStatus = new Map<number, number>();
  for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  const worst = answers.reduce((w, a) => (a.ms > w.ms ? a : w), answers[0]);
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  const suppressed = (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM mail_suppression WHERE email = ANY($1::text[])`, [victims.map((v) => v.email)]))[0].n;
  const changed = (await state()) !== before;
  const fiveXX = answers.filter((a) => a.status >= 500).length;
  const slow = answers.filter((a) => a.ms >= 2000).length;

  console.log(`${answers.length.toLocaleString('ro-RO')} rapoarte ostile (${mb(bytes)} în total), câte ${CONCURRENCY} în paralel, în ${seconds.toFixed(1)} s`);
  console.log(`  răspunsuri: ${[...byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s} × ${n}`).join(', ')}`);
  console.log(`  cel mai lent: ${worst.ms.toFixed(0)} ms (${worst.label})`);
  for (const f of ['dsn', 'arf', 'sns', 'postmark']) {
    const of = answers.filter((a) => a.format === f);
    const w = of.reduce((m, a) => Math.max(m, a.ms), 0);
    const p50 = [...of].sort((a, b) => a.ms - b.ms)[Math.floor(of.length / 2)]?.ms ?? 0;
    console.log(`  ${f}: ${of.length} rapoarte, p50 ${p50.toFixed(1)} ms, max ${w.toFixed(0)} ms`);
  }
  console.log(`  RSS: ${mb(rssAtStart)} la început, vârf ${mb(peakRss)} (maxRSS al procesului ${mb(process.resourceUsage().maxRSS * 1024)})`);
  console.log(`  adrese suprimate: ${suppressed}; mesaje schimbate: ${changed ? 'DA' : 'niciunul'}; cereri către alte adrese: ${foreign.length}`);
  console.log(fiveXX === 0 && slow === 0 && suppressed === 0 && !changed ? 'OK: niciun 5xx, fiecare sub 2 s, nimic suprimat, niciun mesaj schimbat.' : `SUB ȚINTĂ: ${fiveXX} × 5xx, ${slow} peste 2 s, ${suppressed} suprimate, mesaje schimbate: ${changed}.`);
  await sql(`DELETE FROM grouped_mail WHERE id = $1`, [gm.id]);
}

export default async function run({ url }: { url: string }): Promise<void> {
  if (!url) {
    const { startTestCluster } = await import('../db/test-cluster');
    const cluster = await startTestCluster({ companies: Number(process.env.BENCH_COMPANIES ?? 500) });
    process.env.DATABASE_URL = cluster.url;
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

if (require.main === module) runStandalone(runAll);
