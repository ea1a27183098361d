// Decision 086, issue 45 item 5: a tracked link is no redirector from our domain for ever (it
// lives MAIL_CLICK_LINK_DAYS after its message was sent, and leads only to http(s) addresses),
// and the cron secret, the metrics token and the Postmark credential are compared in constant
// time (SHA-256 digests of both sides through crypto.timingSafeEqual).
import crypto from 'node:crypto';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { clickUrl, signToken } from '@/server/mail/link-tokens';
import { GET as trackClick } from '@/app/api/track/click/route';
import { POST as inboundBounce } from '@/app/api/inbound/bounce/route';
import { GET as metrics } from '@/app/api/metrics/route';
import { POST as postmarkWebhook } from '@/app/api/webhooks/postmark/route';
import { call } from './support/auth';
import { sendCampaign, type SentCampaign } from './support/sent-campaign';

const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const saved = { days: env.MAIL_CLICK_LINK_DAYS, cron: env.CRON_SECRET, metrics: env.METRICS_TOKEN, postmark: env.POSTMARK_WEBHOOK_AUTH };
let campaign: SentCampaign;

beforeAll(async () => {
  campaign = await sendCampaign(3, 420, 'links');
});

afterAll(async () => {
  Object.assign(env, { MAIL_CLICK_LINK_DAYS: saved.days, CRON_SECRET: saved.cron, METRICS_TOKEN: saved.metrics, POSTMARK_WEBHOOK_AUTH: saved.postmark });
  await campaign.close();
});

const click = (u: string) => {
  const url = new URL(u);
  return call(trackClick, url.pathname + url.search, { headers: { 'user-agent': BROWSER_UA } });
};
const sentDaysAgo = (id: number, days: number) => sql(`UPDATE mail_send SET sent_at = now() - make_interval(days => $2) WHERE id = $1`, [id, days]);

describe('tracked links (decision 086)', () => {
  test('a link redirects while its message is younger than MAIL_CLICK_LINK_DAYS (default 180), then answers 404', async () => {
    expect(env.MAIL_CLICK_LINK_DAYS).toBe(180);
    const row = campaign.rows[0];
    const link = clickUrl(row.tracking_id, 'https://exemplu.ro/oferta');
    await sentDaysAgo(row.id, 179);
    const fresh = await click(link);
    expect(fresh.status).toBe(302);
    expect(fresh.headers.get('location')).toBe('https://exemplu.ro/oferta');
    await sentDaysAgo(row.id, 181);
    const old = await click(link);
    expect(old.status).toBe(404);
    expect(old.headers.get('location')).toBeNull();
    expect(old.body).toMatchObject({ Code: 'NOT_FOUND', Message: expect.stringMatching(/expirat/) });
    // Configurable: a longer life brings it back.
    env.MAIL_CLICK_LINK_DAYS = 365;
    expect((await click(link)).status).toBe(302);
    env.MAIL_CLICK_LINK_DAYS = saved.days;
  });

  test('a link of a message never sent, or of no message at all, is not followed', async () => {
    const row = campaign.rows[1];
    await sql(`UPDATE mail_send SET sent_at = NULL WHERE id = $1`, [row.id]);
    expect((await click(clickUrl(row.tracking_id, 'https://exemplu.ro/'))).status).toBe(404);
    expect((await click(clickUrl('00000000-0000-4000-8000-000000000000', 'https://exemplu.ro/'))).status).toBe(404);
    await sql(`UPDATE mail_send SET sent_at = now() WHERE id = $1`, [row.id]);
  });

  test('only http(s) targets without user info: even a validly signed other target is refused', async () => {
    const row = campaign.rows[2];
    for (const target of ['ftp://exemplu.ro/fisier', 'data:text/html,<script>alert(1)</script>', 'https://radarfirme.ro@rau.example/login', 'javascript:alert(1)']) {
      const r = await call(trackClick, `/api/track/click?t=${encodeURIComponent(signToken('click', row.tracking_id, target))}&u=${encodeURIComponent(target)}`, { headers: { 'user-agent': BROWSER_UA } });
      expect(r.status).toBe(404);
      expect(r.headers.get('location')).toBeNull();
      // Never turned into a tracked link in the first place.
      expect(clickUrl(row.tracking_id, target)).toBe(target);
    }
  });
});

describe('shared secrets compared in constant time (decision 086)', () => {
  let spy: jest.SpyInstance;
  beforeEach(() => {
    spy = jest.spyOn(crypto, 'timingSafeEqual');
  });
  afterEach(() => spy.mockRestore());

  /** Every comparison made went through timingSafeEqual on two 32-byte digests, whatever the length sent. */
  const expectDigestCompare = (times: number) => {
    expect(spy).toHaveBeenCalledTimes(times);
    for (const [a, b] of spy.mock.calls as [Buffer, Buffer][]) expect([a.length, b.length]).toEqual([32, 32]);
  };

  test('the cron secret', async () => {
    env.CRON_SECRET = 'secretul-cron-de-test-0123456789';
    const post = (auth?: string) => inboundBounce(new Request('http://localhost/api/inbound/bounce', { method: 'POST', body: '', headers: { 'content-type': 'message/rfc822', ...(auth ? { authorization: auth } : {}) } }));
    expect((await post(`Bearer ${env.CRON_SECRET}`)).status).toBe(200);
    for (const wrong of ['secretul-cron-de-test-012345678X', 'secretul', `${env.CRON_SECRET}0`, 'x'.repeat(4096)]) {
      expect((await post(`Bearer ${wrong}`)).status).toBe(401);
    }
    expectDigestCompare(5);
  });

  test('the metrics token', async () => {
    env.METRICS_TOKEN = 'jeton-metrici-de-test-0123456789';
    const get = (token: string) => call(metrics, '/api/metrics', { headers: { authorization: `Bearer ${token}` } });
    expect((await get(env.METRICS_TOKEN)).status).toBe(200);
    expect((await get('jeton')).status).toBe(401);
    expectDigestCompare(2);
  });

  test('the Postmark webhook credential', async () => {
    env.POSTMARK_WEBHOOK_AUTH = 'postmark:parola-lunga';
    const basic = (s: string) => `Basic ${Buffer.from(s).toString('base64')}`;
    const post = (auth: string) => postmarkWebhook(new Request('http://localhost/api/webhooks/postmark', { method: 'POST', body: JSON.stringify({ RecordType: 'Delivery', Email: 'a@exemplu-test.ro' }), headers: { 'content-type': 'application/json', authorization: auth } }));
    expect((await post(basic('postmark:parola-lunga'))).status).toBe(200);
    expect((await post(basic('postmark:p'))).status).toBe(401);
    expectDigestCompare(2);
  });
});
