// The results view of a large sending reads a snapshot (docs/decisions/065): computed before the
// first answer, served as it is for a few seconds (5 s while messages are queued, 30 s when none
// are), then served once more while a fresh one is computed in the background, never when older
// than 15 s (2 min when nothing is queued). A sending under 5,000 messages is always counted before answering.
// Nobody makes us count a sending they cannot see.
import { sql } from '@/server/kernel/db';
import { waitForBackgroundTasks } from '@/server/mail/background';
import { GET as getSendingResults } from '@/app/api/MailSend/getSendingResults/route';
import { call } from './support/auth';
import { dropActors, makeActors, tokenOf, type Actors } from './support/authz';

let who: Actors;
let big: number;
let small: number;

async function sending(n: number): Promise<number> {
  const [gm] = await sql<{ id: number }>(`INSERT INTO grouped_mail (name, content, created_by_id, sent_on, html) VALUES ('Mare', '{}', $1, now(), '<p>x</p>') RETURNING id`, [who.owner.id]);
  const [c] = await sql<{ cui: number }>(`SELECT cui FROM company ORDER BY cui LIMIT 1`);
  await sql(
    `INSERT INTO mail_send (grouped_mail_id, cui, email, status, message_id, sent_at, tracking_id)
     SELECT $1::int, $2, 's' || i || '.' || $1::text || '@exemplu-test.ro', 'Trimis', '<' || gen_random_uuid() || '@x>', now(), gen_random_uuid() FROM generate_series(1, $3::int) i`,
    [gm.id, c.cui, n],
  );
  return gm.id;
}

const results = async (id: number, as = who.owner) => call(getSendingResults, `/api/MailSend/getSendingResults?groupedMailId=${id}`, { token: await tokenOf(as) });
const openOne = (id: number) => sql(`UPDATE mail_send SET status = 'Deschis', opened_at = now() WHERE id = (SELECT min(id) FROM mail_send WHERE grouped_mail_id = $1 AND opened_at IS NULL)`, [id]);
const age = (id: number, by: string) => sql(`UPDATE sending_result_snapshot SET refreshed_at = now() - $2::interval WHERE grouped_mail_id = $1`, [id, by]);
const snapshotRows = async (id: number) => (await sql(`SELECT 1 FROM sending_result_snapshot WHERE grouped_mail_id = $1`, [id])).length;

beforeAll(async () => {
  who = await makeActors();
  big = await sending(5000);
  small = await sending(10);
});
afterAll(async () => {
  await sql(`DELETE FROM grouped_mail WHERE id = ANY($1::int[])`, [[big, small]]);
  await dropActors(who);
});

test('another user or an Admin gets the 404 without the sending being counted', async () => {
  expect((await results(big, who.other)).status).toBe(404);
  expect((await results(big, who.admin)).status).toBe(404);
  expect(await snapshotRows(big)).toBe(0);
});

test('a finished large sending: counted for the first answer, then the snapshot for 30 s, then refreshed in the background', async () => {
  expect((await results(big)).body.Counts).toMatchObject({ Total: 5000, Sent: 5000, Opened: 0 });
  await openOne(big);
  // Within the few seconds, and nothing queued: the snapshot as it was, even 10 s later.
  expect((await results(big)).body.Counts.Opened).toBe(0);
  await age(big, '10 seconds');
  expect((await results(big)).body.Counts.Opened).toBe(0);
  await waitForBackgroundTasks();
  expect((await results(big)).body.Counts.Opened).toBe(0);
  // Older than 30 s: served once more, a fresh one computed meanwhile, the next answer has it.
  await age(big, '40 seconds');
  expect((await results(big)).body.Counts.Opened).toBe(0);
  await waitForBackgroundTasks();
  expect((await results(big)).body.Counts.Opened).toBe(1);
});

test('a finished large sending\'s snapshot is never served older than 2 min: a first look after a while waits for a count', async () => {
  const before = (await results(big)).body.Counts.Opened;
  await openOne(big);
  await age(big, '1 hour');
  expect((await results(big)).body.Counts.Opened).toBe(before + 1);
});

test('while a large sending runs: refreshed in the background after 5 s, never served older than 15 s', async () => {
  await sql(`UPDATE mail_send SET status = 'Queued', sent_at = NULL WHERE id = (SELECT max(id) FROM mail_send WHERE grouped_mail_id = $1)`, [big]);
  await age(big, '1 hour');
  expect((await results(big)).body).toMatchObject({ IsRunning: true, Counts: { Queued: 1 } });
  const opened = (await results(big)).body.Counts.Opened;
  await openOne(big);
  await age(big, '10 seconds');
  expect((await results(big)).body.Counts.Opened).toBe(opened);
  await waitForBackgroundTasks();
  expect((await results(big)).body.Counts.Opened).toBe(opened + 1);
  await openOne(big);
  await age(big, '20 seconds');
  expect((await results(big)).body.Counts.Opened).toBe(opened + 2);
});

test('a small sending is counted before every answer', async () => {
  expect((await results(small)).body.Counts).toMatchObject({ Total: 10, Opened: 0 });
  await openOne(small);
  expect((await results(small)).body.Counts.Opened).toBe(1);
});
