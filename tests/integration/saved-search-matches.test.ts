// The saved-search job (issue 50, decisions 109 and 117): a saved search is checked periodically;
// the companies it matches since the previous check (the first time: since its owner last opened
// it) are one webhook event, queued once, for an owner who subscribed an endpoint to
// saved_search.new_matches, and an in-app notice with a notification mail for the others
// (tests/integration/saved-search-notices.test.ts covers those); nothing is checked before its
// interval (the test clock moves, nobody sleeps); the cron route wants the cron secret.
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { clockOffsetMs, setClockOffset } from '@/server/kernel/clock';
import { checkSavedSearchMatches } from '@/server/saved-searches/new-matches';
import { WEBHOOK_EVENT_SCHEMAS } from '@/lib/webhooks/events';
import { POST as addSaved } from '@/app/api/SavedSearch/add/route';
import { POST as createEndpoint } from '@/app/api/Webhook/create/route';
import { POST as cron } from '@/app/api/cron/saved-search-matches/route';
import { call } from './support/auth';
import { dropActors, makeActors, tokenOf, type Actors } from './support/authz';
import { createCompany } from '../factories/companies';

let who: Actors;
const MARK = `SSNOU${Date.now() % 100000}`;
let ownerSearch: number;
let otherSearch: number;
let endpointId: number;

const hours = (n: number) => setClockOffset(clockOffsetMs() + n * 3600_000);
const deliveries = () =>
  sql<{ payload: string; event_type: string }>(`SELECT payload, event_type FROM webhook_delivery WHERE endpoint_id = $1 AND event_type = 'saved_search.new_matches' ORDER BY id`, [endpointId]);
const checkOf = async (id: number) => (await sql<{ checked_at: Date }>(`SELECT checked_at FROM saved_search_check WHERE saved_search_id = $1`, [id]))[0] ?? null;
const noticesOf = async (id: number) => (await sql<{ new_count: number }>(`SELECT new_count FROM saved_search_notice WHERE saved_search_id = $1`, [id])).length;
/** Every due saved search, batch after batch (other files' saved searches may share the database). */
async function checkAllDue() {
  let checked = 0;
  for (let r = await checkSavedSearchMatches(); r.Checked > 0; r = await checkSavedSearchMatches()) checked += r.Checked;
  return checked;
}

beforeAll(async () => {
  who = await makeActors();
  for (let i = 0; i < 2; i++) await createCompany({ name: `${MARK} VECHE ${i} SRL` });
  const save = async (actor: keyof Actors) =>
    (await call(addSaved, '/api/SavedSearch/add', { body: { Name: `Noi ${MARK}`, Query: `SearchText=${MARK}` }, token: await tokenOf(who[actor]) })).body.Id as number;
  ownerSearch = await save('owner');
  otherSearch = await save('other');
  const res = await call(createEndpoint, '/api/Webhook/create', {
    body: { Url: 'http://127.0.0.1:9/receptor', Description: 'CRM', Events: ['saved_search.new_matches'] },
    token: await tokenOf(who.owner),
  });
  expect(res.status).toBe(200);
  endpointId = res.body.Endpoint.Id;
});

afterAll(async () => {
  setClockOffset(0);
  await dropActors(who);
});

it('the first check finds nothing new since the owner opened it; a new company is one event after the interval, once', async () => {
  // Other saved searches of the shared test database may be due too: only ours are asserted.
  await checkAllDue();
  expect(await deliveries()).toEqual([]);
  expect(await checkOf(ownerSearch)).not.toBeNull();
  // The other user subscribed to nothing: their saved search is checked too (decision 117), for a notice.
  expect(await checkOf(otherSearch)).not.toBeNull();

  const fresh = await createCompany({ name: `${MARK} NOUA SRL` });
  // Not due yet: the interval has not passed.
  await checkAllDue();
  expect(await deliveries()).toEqual([]);

  hours(env.SAVED_SEARCH_CHECK_HOURS + 1);
  await checkAllDue();
  const rows = await deliveries();
  expect(rows).toHaveLength(1);
  const body = WEBHOOK_EVENT_SCHEMAS['saved_search.new_matches'].parse(JSON.parse(rows[0].payload));
  expect(body.data).toMatchObject({ SavedSearchId: ownerSearch, Name: `Noi ${MARK}`, NewCount: 1, Cuis: [fresh.cui] });
  expect(body.data.Url).toMatch(/\/Cautari-salvate$/);
  // The subscribed owner gets the event, not a notice; the other user gets a notice, not an event.
  expect(await noticesOf(ownerSearch)).toBe(0);
  expect(await noticesOf(otherSearch)).toBe(1);

  // The next check, with nothing new, queues nothing more.
  hours(env.SAVED_SEARCH_CHECK_HOURS + 1);
  await checkAllDue();
  expect(await deliveries()).toHaveLength(1);
  expect(await noticesOf(otherSearch)).toBe(1);
});

it('with its endpoint disabled the owner gets a notice instead of an event; the cron route wants the cron secret', async () => {
  await sql(`UPDATE webhook_endpoint SET disabled_at = now() WHERE id = $1`, [endpointId]);
  const before = await checkOf(ownerSearch);
  hours(env.SAVED_SEARCH_CHECK_HOURS + 1);
  await createCompany({ name: `${MARK} A TREIA SRL` });
  const saved = env.CRON_SECRET;
  env.CRON_SECRET = 'secret-de-test-pentru-cron-000000';
  try {
    expect((await call(cron, '/api/cron/saved-search-matches', { method: 'POST' })).status).toBe(401);
    const ok = await call(cron, '/api/cron/saved-search-matches', { method: 'POST', headers: { authorization: `Bearer ${env.CRON_SECRET}` } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ Checked: expect.any(Number), Events: expect.any(Number), Notices: expect.any(Number), Mails: expect.any(Number) });
  } finally {
    env.CRON_SECRET = saved;
  }
  await checkAllDue();
  expect(await checkOf(ownerSearch)).not.toEqual(before);
  expect(await deliveries()).toHaveLength(1);
  expect(await noticesOf(ownerSearch)).toBe(1);
});
