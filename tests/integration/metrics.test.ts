// /api/metrics (issue 32, decision 052): Prometheus text for a scraper on this machine or one with
// METRICS_TOKEN; refused to everyone else, signed in or not, and to a visitor whom a reverse proxy
// on this machine forwards (the socket is loopback, the client address is not).
import { GET } from '@/app/api/metrics/route';
import { env } from '@/server/kernel/env';
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
  for (const name of ['radarfirme_mail_queue_depth{queue="campaign",state="Queued"}', 'radarfirme_search_engine{measure="ready"}', 'radarfirme_search_engine{measure="index_answered"}', 'radarfirme_search_engine{measure="index_js_ands"}', 'radarfirme_db_pool{state="waiting"}', 'radarfirme_page_cache_requests_total{result="hit"}']) {
    expect(text).toContain(name);
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
