// /api/metrics (issue 32, decision 052): Prometheus text for a scraper on this machine or one with
// METRICS_TOKEN; refused to everyone else, signed in or not, and to a visitor whom a reverse proxy
// on this machine forwards (the socket is loopback, the client address is not).
import { GET } from '@/app/api/metrics/route';
import { env } from '@/server/kernel/env';
import { sql } from '@/server/kernel/db';
import { countPageCache } from '@/server/kernel/counters';
import { call } from './support/auth';
import { dropActors, makeActors, statusesAs } from './support/authz';
import { ensurePeerKey, PEER_HEADER } from '@/server/kernel/front-bridge.mjs';


const peer = (address: string) => ({ [PEER_HEADER]: `${ensurePeerKey()} ${address}` });
const TOKEN = 'metrics-token-of-this-test-0123456789';

afterEach(() => {
  env.METRICS_TOKEN = undefined;
});

test('a scraper on loopback reads the metrics: latency, mail, queue, search engine, page cache, pool', async () => {
  countPageCache('hit');
  const res = await call(GET, '/api/metrics', { ip: '127.0.0.1', headers: peer('127.0.0.1') });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = String(res.body);
  for (const name of ['radarfirme_mail_queue_depth{queue="campaign",state="Queued"}', 'radarfirme_search_engine{measure="ready"}', 'radarfirme_search_engine{measure="index_answered"}', 'radarfirme_search_engine{measure="index_declined"}', 'radarfirme_db_pool{state="waiting"}', 'radarfirme_db_durability{measure="archive_enabled"}', 'radarfirme_page_cache_requests_total{result="hit"}']) {
    expect(text).toContain(name);
  }
});

test('the queue depth counts the campaign messages per status (read through server/sending/queries.ts) and the outbox', async () => {
  const depth = async () => {
    const text = String((await call(GET, '/api/metrics', { ip: '127.0.0.1', headers: peer('127.0.0.1') })).body);
    const value = (labels: string) => Number(new RegExp(`^radarfirme_mail_queue_depth\\{${labels}\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    return { queued: value('queue="campaign",state="Queued"'), sending: value('queue="campaign",state="Sending"'), outbox: value('queue="outbox",state="Queued"') };
  };
  const who = await makeActors();
  const before = await depth();
  const [gm] = await sql<{ id: number }>(`INSERT INTO grouped_mail (name, content, created_by_id, sent_on, html) VALUES ('Coadă', '{}', $1, now(), '<p>x</p>') RETURNING id`, [who.owner.id]);
  const [c] = await sql<{ cui: number }>(`SELECT cui FROM company ORDER BY cui LIMIT 1`);
  const [o] = await sql<{ id: number }>(`INSERT INTO outbox_mail ("to", subject, html, kind) VALUES ('coada@exemplu-test.ro', 'x', 'x', 'leave-message') RETURNING id`);
  try {
    await sql(
      `INSERT INTO mail_send (grouped_mail_id, cui, email, status, message_id, tracking_id)
       SELECT $1::int, $2, 'q' || i || '@exemplu-test.ro', s, '<' || gen_random_uuid() || '@x>', gen_random_uuid()
         FROM unnest(ARRAY['Queued', 'Queued', 'Sending', 'Trimis']) WITH ORDINALITY AS t(s, i)`,
      [gm.id, c.cui],
    );
    const after = await depth();
    expect({ queued: after.queued - before.queued, sending: after.sending - before.sending, outbox: after.outbox - before.outbox }).toEqual({ queued: 2, sending: 1, outbox: 1 });
  } finally {
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [gm.id]);
    await sql(`DELETE FROM outbox_mail WHERE id = $1`, [o.id]);
    await dropActors(who);
  }
});

test('anonymous, a user, its owner and an admin from elsewhere are refused; so is a visitor a local proxy forwards', async () => {
  const who = await makeActors();
  try {
    expect(await statusesAs(who, () => ({ handler: GET, path: '/api/metrics' }))).toEqual({ anonymous: 401, other: 401, admin: 401, owner: 401 });
  } finally {
    await dropActors(who);
  }
  // Socket from loopback (nginx on this host), client address from X-Forwarded-For: not local.
  expect((await call(GET, '/api/metrics', { ip: '198.51.100.4', headers: peer('127.0.0.1') })).status).toBe(401);
  // A client address header without the front's peer stamp proves nothing.
  expect((await call(GET, '/api/metrics', { ip: '127.0.0.1' })).status).toBe(401);
});

test('METRICS_TOKEN opens it from another machine; a wrong token does not, not even from loopback', async () => {
  env.METRICS_TOKEN = TOKEN;
  expect((await call(GET, '/api/metrics', { ip: '10.0.0.8', headers: { ...peer('10.0.0.8'), authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  expect((await call(GET, '/api/metrics', { ip: '10.0.0.8', headers: { ...peer('10.0.0.8'), authorization: 'Bearer wrong-token-wrong-token-wrong' } })).status).toBe(401);
  expect((await call(GET, '/api/metrics', { ip: '127.0.0.1', headers: { ...peer('127.0.0.1'), authorization: 'Bearer wrong-token-wrong-token-wrong' } })).status).toBe(401);
});
