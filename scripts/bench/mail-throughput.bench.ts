// Campaign throughput: 10,000 messages queued through sendDraft and delivered by two sender
// processes (they share the queue through FOR UPDATE SKIP LOCKED) to a local SMTP sink, while the
// app serves pages when a build exists (scripts/serve.mjs on the same database, pages requested with
// autocannon during the whole send). Prints messages per minute; the goal is ≥ 10,000.
// Run: npm run bench -- mail-throughput   (or: npx tsx scripts/bench/mail-throughput.bench.ts)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { queueCampaign, sleep, runStandalone, startSender, startSink, waitForEmptyQueue } from './mail-support';
import { spawnServer } from '../server-runtime.mjs';

const MESSAGES = Number(process.env.THROUGHPUT_MESSAGES ?? 10_000);
const SENDERS = Number(process.env.THROUGHPUT_SENDERS ?? 2);
const root = path.resolve(__dirname, '../..');

async function startApp(url: string, port: number) {
  if (!existsSync(path.join(root, '.next/BUILD_ID'))) return null;
  const app = spawnServer(root, ['-p', String(port)], {
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'production', APP_URL: `http://localhost:${port}` },
    stdio: 'ignore',
  });
  for (let i = 0; i < 60; i++) {
    const ok = await fetch(`http://localhost:${port}/api/health`).then((r) => r.ok, () => false);
    if (ok) return app;
    await sleep(500);
  }
  app.kill('SIGTERM');
  return null;
}

export default async function run({ url }: { url: string }): Promise<void> {
  (await import('../../server/kernel/env')).env.DATABASE_URL = url;
  const sink = await startSink();
  const campaign = await queueCampaign(MESSAGES, `tp${Date.now().toString(36)}`);
  const appPort = Number(process.env.BENCH_APP_PORT ?? 3296);
  const app = await startApp(url, appPort);
  const senderEnv = {
    DATABASE_URL: url,
    CAMPAIGN_SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_RATE_PER_MINUTE: process.env.MAIL_RATE_PER_MINUTE ?? '1000000',
    MAIL_SMTP_CONNECTIONS: process.env.MAIL_SMTP_CONNECTIONS ?? '5',
  };
  let pages: { requests: number; p99: number; errors: number } | null = null;
  const senders = Array.from({ length: SENDERS }, () => startSender(senderEnv));
  try {
    let load: Promise<unknown> | null = null;
    let stopLoad: (() => void) | null = null;
    if (app) {
      const autocannon = (await import('autocannon')).default;
      const inst = autocannon({ url: `http://localhost:${appPort}/Coduri-caen`, connections: 4, duration: 600 });
      stopLoad = () => inst.stop();
      load = new Promise((resolve) => inst.on('done', resolve)).then((r) => {
        const res = r as { requests: { total: number }; latency: { p99: number }; errors: number; non2xx: number };
        pages = { requests: res.requests.total, p99: res.latency.p99, errors: res.errors + res.non2xx };
      });
    } else {
      console.log('(fără build: next build înainte pentru a măsura și paginile servite în paralel)');
    }
    await waitForEmptyQueue(campaign.draftId, 600_000);
    stopLoad?.();
    await load;
    const seconds = ((sink.lastAt ?? 0) - (sink.firstAt ?? 0)) / 1000;
    const perMinute = Math.round((sink.total() / Math.max(seconds, 0.001)) * 60);
    const duplicates = sink.total() - sink.accepted.size;
    console.log(`${sink.accepted.size}/${MESSAGES} mesaje livrate de ${SENDERS} procese în ${seconds.toFixed(1)} s: ${perMinute.toLocaleString('ro-RO')} mesaje/minut (duplicate: ${duplicates})`);
    if (pages) {
      const p = pages as { requests: number; p99: number; errors: number };
      console.log(`În paralel: ${p.requests} pagini /Coduri-caen servite, p99 ${p.p99} ms, erori ${p.errors}`);
    }
    console.log(perMinute >= 10_000 ? 'OK: ≥ 10.000 mesaje/minut.' : 'SUB ȚINTĂ: < 10.000 mesaje/minut.');
  } finally {
    for (const s of senders) s.kill('SIGTERM');
    app?.kill('SIGTERM');
    await sink.close();
    await campaign.cleanup();
  }
}

if (require.main === module) runStandalone(run);
