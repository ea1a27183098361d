// Campaign events reach the sending author's webhooks (issue 50, docs/decisions/096): an open
// (once, however many pixels load), a click per link, and an unsubscribe, each through the real
// tracking path, verified by a local receiver with the Standard Webhooks library.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { signToken } from '@/server/mail/link-tokens';
import { recordClick, recordOpen, unsubscribe } from '@/server/sending/tracking';
import { deliverWebhooks } from '@/server/webhooks/sender';
import { POST as createEndpoint } from '@/app/api/Webhook/create/route';
import { call } from './support/auth';
import { tokenOf } from './support/authz';
import { sendCampaign, type SentCampaign } from './support/sent-campaign';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const browser = (path: string) => new Request(`http://test.local${path}`, { headers: { 'user-agent': BROWSER_UA } });
const saved = { open: env.MAIL_MIN_OPEN_SECONDS, click: env.MAIL_MIN_CLICK_SECONDS };

let campaign: SentCampaign;
let server: http.Server;
let secret = '';
const received: Array<{ id: string; type: string; data: Record<string, unknown>; verified: boolean }> = [];

beforeAll(async () => {
  env.MAIL_MIN_OPEN_SECONDS = 0;
  env.MAIL_MIN_CLICK_SECONDS = 0;
  campaign = await sendCampaign(2, 480, 'webhook');
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified = true;
      try {
        new Webhook(secret).verify(body, req.headers as Record<string, string>);
      } catch {
        verified = false;
      }
      const e = JSON.parse(body) as { type: string; data: Record<string, unknown> };
      received.push({ id: String(req.headers['webhook-id']), type: e.type, data: e.data, verified });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  env.MAIL_MIN_OPEN_SECONDS = saved.open;
  env.MAIL_MIN_CLICK_SECONDS = saved.click;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await campaign.close();
});

test('opened (once), clicked and unsubscribed arrive signed, with the message, its company and its address', async () => {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  const res = await call(createEndpoint, '/api/Webhook/create', {
    body: { Url: url, Events: ['campaign.opened', 'campaign.clicked', 'campaign.unsubscribed'] },
    token: await tokenOf(campaign.owner),
  });
  expect(res.status).toBe(200);
  secret = res.body.Secret;
  const [a, b] = campaign.rows;
  await recordOpen(signToken('open', a.tracking_id), browser('/api/track/open'));
  await recordOpen(signToken('open', a.tracking_id), browser('/api/track/open'));
  const target = 'https://exemplu.ro/oferta';
  expect(await recordClick(signToken('click', a.tracking_id, target), target, browser('/api/track/click'))).toEqual({ target });
  expect(await unsubscribe(signToken('unsubscribe', b.tracking_id))).toEqual({ email: b.email });
  expect(await deliverWebhooks()).toMatchObject({ delivered: 3, retried: 0 });

  const [sending] = await sql<{ grouped_mail_id: number; cui: number }>(`SELECT grouped_mail_id, cui FROM mail_send WHERE id = $1`, [a.id]);
  expect(received.map((r) => [r.type, r.verified]).sort()).toEqual([
    ['campaign.clicked', true],
    ['campaign.opened', true],
    ['campaign.unsubscribed', true],
  ]);
  expect(received.find((r) => r.type === 'campaign.opened')!.data).toEqual({ SendingId: sending.grouped_mail_id, MessageId: a.id, Cui: sending.cui, Email: a.email });
  expect(received.find((r) => r.type === 'campaign.clicked')!.data).toMatchObject({ MessageId: a.id, Url: target });
  expect(received.find((r) => r.type === 'campaign.unsubscribed')!.data).toMatchObject({ MessageId: b.id, Email: b.email });
  expect(new Set(received.map((r) => r.id)).size).toBe(3);
});
