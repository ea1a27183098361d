// The report half of the hostile-input run (issue 45, decision 086): 150 crafted delivery reports
// (DSN and ARF to the bounce address, SES notifications through SNS, Postmark events), built by
// tests/factories/hostile-reports.ts against four delivered messages, posted to the real route
// handlers four at a time (as the bounce listener delivers). None may answer 5xx or take 2 s, none
// may suppress an address, and no message may change (status, bounce, soft bounces, error, due
// time). The 1,000-report figures are in `npm run bench -- hostile-reports`.
import { generateKeyPairSync } from 'node:crypto';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { POST as inboundBounce } from '@/app/api/inbound/bounce/route';
import { POST as sesWebhook } from '@/app/api/webhooks/ses/route';
import { POST as postmarkWebhook } from '@/app/api/webhooks/postmark/route';
import { HOSTILE_KINDS, hostileReports, type HostileReport, type HostileSetup } from '../factories/hostile-reports';
import { sendCampaign, type SentCampaign } from './support/sent-campaign';

const REPORTS = 150;
const saved = { cron: env.CRON_SECRET, postmark: env.POSTMARK_WEBHOOK_AUTH, topics: env.SES_SNS_TOPIC_ARNS };
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const setup: HostileSetup = {
  cronSecret: 'secret-cron-ostil-0123456789',
  postmarkAuth: 'postmark:parola-ostila',
  snsTopic: 'arn:aws:sns:eu-central-1:123456789012:ses-bounces',
  snsCertUrl: 'https://sns.eu-central-1.amazonaws.com/SimpleNotificationService-9c6465fa7f48f5cacd23014631ec1136.pem',
  snsPrivateKey: privateKey,
};
let campaign: SentCampaign;
let fetchSpy: jest.SpyInstance;
const fetched: string[] = [];

beforeAll(async () => {
  campaign = await sendCampaign(4, 460, 'ostil');
  Object.assign(env, { CRON_SECRET: setup.cronSecret, POSTMARK_WEBHOOK_AUTH: setup.postmarkAuth, SES_SNS_TOPIC_ARNS: setup.snsTopic });
  fetchSpy = jest.spyOn(global, 'fetch').mockImplementation(async (u) => {
    fetched.push(String(u));
    if (String(u) === setup.snsCertUrl) return new Response(publicKey.export({ type: 'spki', format: 'pem' }) as string);
    return new Response('', { status: 404 });
  });
});

afterAll(async () => {
  fetchSpy.mockRestore();
  Object.assign(env, { CRON_SECRET: saved.cron, POSTMARK_WEBHOOK_AUTH: saved.postmark, SES_SNS_TOPIC_ARNS: saved.topics });
  await campaign.close();
});

const HANDLERS: Record<string, (req: Request) => Promise<Response>> = {
  '/api/inbound/bounce': inboundBounce,
  '/api/webhooks/ses': sesWebhook,
  '/api/webhooks/postmark': postmarkWebhook,
};

async function post(r: HostileReport): Promise<{ label: string; status: number; ms: number }> {
  const handler = HANDLERS[r.path.split('?')[0]];
  const t0 = performance.now();
  const res = await handler(new Request(`http://localhost${r.path}`, { method: 'POST', body: r.body, headers: r.headers }));
  await res.text();
  return { label: r.label, status: res.status, ms: performance.now() - t0 };
}

const state = (ids: number[]) =>
  sql(`SELECT id, status, bounced_at, soft_bounces, last_error, next_attempt, attempts FROM mail_send WHERE id = ANY($1::int[]) ORDER BY id`, [ids]);

test(`${REPORTS} crafted reports: no 5xx, each within 2 s, nothing suppressed, no message changed`, async () => {
  const ids = campaign.rows.map((r) => r.id);
  // Four new addresses, and any public contact those companies already had.
  expect(campaign.rows.length).toBeGreaterThanOrEqual(4);
  expect(campaign.rows.every((r) => r.status === 'Trimis')).toBe(true);
  const before = await state(ids);
  const reports = hostileReports(REPORTS, campaign.rows, setup);
  // Every kind of crafted report is in the run, in each format.
  expect(REPORTS).toBeGreaterThanOrEqual(HOSTILE_KINDS * 3);
  expect(new Set(reports.map((r) => r.format))).toEqual(new Set(['dsn', 'arf', 'sns', 'postmark']));

  const answers: { label: string; status: number; ms: number }[] = [];
  for (let k = 0; k < reports.length; k += 4) answers.push(...(await Promise.all(reports.slice(k, k + 4).map(post))));

  expect(answers.filter((a) => a.status >= 500)).toEqual([]);
  // Bounded work (see hostile-uploads.test.ts): the 2 s goal is the bench's, on a quiet machine.
  expect(answers.filter((a) => a.ms >= 6000).map((a) => `${a.label}: ${a.ms.toFixed(0)} ms`)).toEqual([]);
  // They were read, not waved through: the signed SNS ones reached the certificate, the rest 4xx or 200 with nothing matched.
  expect(answers.some((a) => a.status === 200)).toBe(true);
  expect(answers.some((a) => a.status >= 400 && a.status < 500)).toBe(true);
  expect(await sql(`SELECT email, reason FROM mail_suppression WHERE email = ANY($1::text[])`, [campaign.rows.map((r) => r.email)])).toEqual([]);
  expect(await state(ids)).toEqual(before);
  // Nothing was fetched but SNS's certificate at its pinned address (no foreign host, no subscription URL).
  expect([...new Set(fetched)]).toEqual([setup.snsCertUrl]);
});

test('the genuine report of the same messages still works after the run', async () => {
  const row = campaign.rows[0];
  const [genuine] = hostileReports(1, campaign.rows, setup);
  // The first crafted kind names no message; the same DSN sent to the message's VERP address is genuine.
  const r = await post({ ...genuine, path: `/api/inbound/bounce?rcpt=${encodeURIComponent(`bounces+${row.tracking_id}@radarfirme.ro`)}` });
  expect(r.status).toBe(200);
  expect(await sql(`SELECT reason FROM mail_suppression WHERE email = $1`, [row.email])).toEqual([{ reason: 'Bounce' }]);
  await sql(`DELETE FROM mail_suppression WHERE email = $1`, [row.email]);
});
