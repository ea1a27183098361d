// Campaign sending on real PostgreSQL and a local SMTP server (smtp-server, read back with
// mailparser): sendMails (one transaction, idempotent, recipients rule, daily limit), the sender
// (personalised messages, bulk headers, stable Message-ID, temporary and permanent failures),
// signed tracking tokens, the click allow-list, machine-traffic filtering, the suppression list,
// and every endpoint as owner, group member, another user, anonymous and Admin.
import type { ParsedMail } from 'mailparser';
import { getPool, prisma, sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { resetTransports } from '@/server/kernel/mail-transport';
import { claimSql, deliverCampaignMessages } from '@/server/sending/sender';
import { recordOpen } from '@/server/sending/tracking';
import { clickUrl, openUrl, signToken, unsubscribePostUrl, verifyToken } from '@/server/mail/link-tokens';
import { POST as sendMails } from '@/app/api/MailSend/sendMails/route';
import { GET as getMailsHistory } from '@/app/api/MailSend/getMailsHistory/route';
import { GET as getMailsHistoryByGroup } from '@/app/api/MailSend/getMailsHistoryByGroup/route';
import { GET as getCompaniesMailByGroup } from '@/app/api/MailSend/getCompaniesMailByGroup/route';
import { GET as getMailsByCompanies } from '@/app/api/MailSend/getMailsByCompanies/route';
import { GET as getCompaniesSendedMails } from '@/app/api/MailSend/getCompaniesSendedMails/route';
import { GET as getMailComments } from '@/app/api/MailSend/getMailComments/route';
import { POST as addMailComment } from '@/app/api/MailSend/addMailComment/route';
import { PUT as editComment } from '@/app/api/MailSend/editComment/route';
import { PUT as virtualDeleteComment } from '@/app/api/MailSend/virtualDeleteComment/route';
import { GET as getSendSummary } from '@/app/api/MailSend/getSendSummary/route';
import { GET as getMailPreview } from '@/app/api/MailSend/getMailPreview/route';
import { GET as trackOpen, HEAD as trackOpenHead } from '@/app/api/track/open/route';
import { GET as trackClick } from '@/app/api/track/click/route';
import { POST as trackUnsubscribe } from '@/app/api/track/unsubscribe/route';
import { PUT as updateUserAccess } from '@/app/api/User/updateUserAccess/route';
import { DELETE as deleteUserRoute } from '@/app/api/User/[id]/route';
import { AUTHOR_DELETED_ERROR, PARKED_UNTIL, parkQueuedMessagesOf, resumeParkedMessagesOf } from '@/server/sending/cancel';
import { call, isolateMail, uniq } from './support/auth';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { callAs, dropActors, makeActors, statusesAs, tokenOf, type Actors } from './support/authz';
import { createUser, deleteUsers, type TestUser } from '../factories/users';
import { addCompaniesToGroup, addContact, addressBook, createDraft, createGroup, deleteContacts, pickCompanies } from '../factories/sending';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

let received: ParsedMail[] = [];
let sink: SmtpSink;
let who: Actors;
let member: TestUser;
let groupId: number;
let companies: { cui: number; name: string }[];
const id = uniq();
const { emails, addr } = addressBook(id);

beforeAll(async () => {
  sink = await startSmtpSink(
    (mail) => received.push(mail),
    (address, _session, callback) => {
      if (address.address.startsWith('refuzat.')) return callback(Object.assign(new Error('5.1.1 Mailbox unknown'), { responseCode: 550 }));
      if (address.address.startsWith('tarziu.')) return callback(Object.assign(new Error('4.2.0 Try again later'), { responseCode: 451 }));
      callback();
    },
  );
  env.CAMPAIGN_SMTP_URL = `smtp://127.0.0.1:${sink.port}`;
  env.MAIL_RATE_PER_MINUTE = 100_000;
  env.MAIL_RETRY_BASE_SECONDS = 30;
  isolateMail();
  resetTransports();

  who = await makeActors();
  member = await createUser();
  groupId = await createGroup(who.owner.id, { members: [{ userId: member.id }] });
  companies = await pickCompanies(3, 100);
  await addCompaniesToGroup(groupId, companies.map((c) => c.cui), who.owner.id);
  await addContact(companies[0].cui, addr('ana'), { name: 'Ana <b>Ionescu</b>' });
  await addContact(companies[1].cui, addr('bogdan'));
  // The owner's own private contact is a recipient of the owner's campaigns ...
  await addContact(companies[2].cui, addr('privat-propriu'), { userId: who.owner.id, isPrivate: true });
  // ... another user's private contact never is.
  await addContact(companies[2].cui, addr('privat-strain'), { userId: who.other.id, isPrivate: true });
});

afterAll(async () => {
  resetTransports();
  await sink.close();
  await deleteContacts(emails);
  await dropActors(who);
  await deleteUsers(member);
});

beforeEach(() => {
  received = [];
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

const draftOver = (cuis = companies.map((c) => c.cui)) => createDraft(who.owner.id, cuis.map((cui) => ({ cui, groupId })));
const rowsOf = (draftId: number) =>
  sql<{ id: number; email: string; status: string; tracking_id: string; message_id: string; last_error: string | null; attempts: number }>(
    `SELECT id, email, status, tracking_id::text, message_id, last_error, attempts FROM mail_send WHERE grouped_mail_id = $1 ORDER BY email`,
    [draftId],
  );
const send = async (draftId: number, user: TestUser = who.owner) =>
  call(sendMails, '/api/MailSend/sendMails', { method: 'POST', body: { MailDraftId: draftId, Content: '<p>ignorat</p>' }, token: await tokenOf(user) });

describe('sendMails', () => {
  test('only the author sends; one row per address (public + own private), idempotent on a repeat', async () => {
    const draftId = await draftOver();
    // The refusals come first and change nothing; the owner's call comes last.
    expect(await statusesAs(who, () => ({ handler: sendMails, path: '/api/MailSend/sendMails', method: 'POST', body: { MailDraftId: draftId } })))
      .toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    const rows = await rowsOf(draftId);
    expect(rows.map((r) => r.email).sort()).toEqual([emails[0], emails[1], emails[2]].sort());
    expect(rows.every((r) => r.status === 'Queued')).toBe(true);
    expect(new Set(rows.map((r) => r.message_id)).size).toBe(3);

    const again = await send(draftId);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ AlreadySent: true, Queued: 3 });
    expect(await rowsOf(draftId)).toHaveLength(3);
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
  });

  test('a double click (two requests at once) queues the draft once', async () => {
    const draftId = await draftOver();
    const [a, b] = await Promise.all([send(draftId), send(draftId)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.AlreadySent, b.body.AlreadySent].sort()).toEqual([false, true]);
    expect(await rowsOf(draftId)).toHaveLength(3);
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
  });

  test('a draft without companies, without addresses, or over the daily limit is refused (400 / 429)', async () => {
    const empty = await createDraft(who.owner.id, []);
    expect((await send(empty)).status).toBe(400);
    const [noMail] = await pickCompanies(1, 1500);
    const noAddress = await createDraft(who.owner.id, [{ cui: noMail.cui }]);
    const r = await send(noAddress);
    expect(r.status).toBe(400);
    expect(r.body.Message).toMatch(/nicio adresă/);

    const before = env.MAIL_DAILY_LIMIT_PER_USER;
    env.MAIL_DAILY_LIMIT_PER_USER = 2;
    try {
      const over = await draftOver();
      const limited = await send(over);
      expect(limited.status).toBe(429);
      expect(limited.body.Message).toMatch(/Limita zilnică de 2/);
      expect(await rowsOf(over)).toHaveLength(0);
      await sql(`DELETE FROM grouped_mail WHERE id = $1`, [over]);
    } finally {
      env.MAIL_DAILY_LIMIT_PER_USER = before;
    }
    await sql(`DELETE FROM grouped_mail WHERE id = ANY($1::int[])`, [[empty, noAddress]]);
  });
});

describe('the sender, tracking and the suppression list', () => {
  let draftId: number;
  let rows: Awaited<ReturnType<typeof rowsOf>>;
  let delivered: ParsedMail[] = [];

  beforeAll(async () => {
    draftId = await draftOver();
    expect((await send(draftId)).status).toBe(200);
    received = [];
    const report = await deliverCampaignMessages({ timeBudgetMs: 20_000 });
    expect(report).toMatchObject({ sent: 3, failed: 0, retried: 0 });
    rows = await rowsOf(draftId);
    delivered = received;
  });

  test('one personalised message per address, with the bulk headers and the row\'s Message-ID', async () => {
    expect(delivered.map((m) => (m.to as { text: string }).text).sort()).toEqual(rows.map((r) => r.email).sort());
    expect(rows.every((r) => r.status === 'Trimis')).toBe(true);
    const ana = delivered.find((m) => (m.to as { text: string }).text === emails[0])!;
    const row = rows.find((r) => r.email === emails[0])!;
    expect(ana.subject).toBe(`Ofertă pentru ${companies[0].name}`);
    // The contact's name is escaped in the HTML and kept as typed in the text part.
    expect(ana.html).toContain('Ana &lt;b&gt;Ionescu&lt;/b&gt;');
    expect(ana.html).not.toContain('<b>Ionescu</b>');
    expect(ana.text).toContain('Ana <b>Ionescu</b>');
    expect(ana.messageId).toBe(row.message_id);
    const header = (key: string) => ana.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n\s+/g, '') ?? '';
    expect(header('list-unsubscribe')).toContain(`<${unsubscribePostUrl(row.tracking_id)}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // Links go through the click endpoint; the pixel is there; the unsubscribe page link too.
    expect(ana.html).toContain(clickUrl(row.tracking_id, 'https://exemplu.ro/oferta?a=1&b=2').replace(/&/g, '&amp;'));
    expect(ana.html).not.toContain('href="https://exemplu.ro/contact"');
    expect(ana.html).toContain(openUrl(row.tracking_id));
    expect(ana.html).toContain('/dezabonare?t=');
  });

  test('delivery writes one Trimis event with the status change; a repeated delivery writes no second one; the history shows it', async () => {
    const sentEvents = () =>
      sql<{ mail_send_id: number; filtered: string | null; same_time: boolean }>(
        `SELECT e.mail_send_id, e.filtered, e.created_at = ms.sent_at AS same_time
           FROM mail_status_event e JOIN mail_send ms ON ms.id = e.mail_send_id
          WHERE ms.grouped_mail_id = $1 AND e.status = 'Trimis' ORDER BY e.mail_send_id`,
        [draftId],
      );
    const before = await sentEvents();
    expect(before.map((e) => e.mail_send_id)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
    expect(before.every((e) => e.filtered === null && e.same_time)).toBe(true);

    // A sender that delivered and committed, while another one still held the row (or was killed
    // before its commit and the lease ran out): the row is taken and delivered again.
    const again = rows.find((r) => r.email === emails[2])!;
    await sql(`UPDATE mail_send SET status = 'Sending', next_attempt = now() - interval '1 second' WHERE id = $1`, [again.id]);
    received = [];
    const report = await deliverCampaignMessages({ timeBudgetMs: 20_000 });
    expect(report).toMatchObject({ sent: 1, failed: 0 });
    expect(received.map((m) => m.messageId)).toEqual([again.message_id]);
    expect((await rowsOf(draftId)).find((r) => r.id === again.id)!.status).toBe('Trimis');
    expect((await sentEvents()).filter((e) => e.mail_send_id === again.id)).toHaveLength(1);
    // The index behind it: a second Trimis event for a message cannot be written at all.
    await expect(sql(`INSERT INTO mail_status_event (mail_send_id, status) VALUES ($1, 'Trimis')`, [again.id])).rejects.toThrow(/mail_status_event_sent_key/);

    // The history's expanded row: Trimis, with the time of its event.
    const r = await call(getCompaniesMailByGroup, `/api/MailSend/getCompaniesMailByGroup?groupedMailId=${draftId}`, { token: await tokenOf(who.owner) });
    expect(r.status).toBe(200);
    const mails = (r.body as { Items: { Mails: { MailSendId: number; Status: string; StatusOn: string | null }[] }[] }).Items.flatMap((i) => i.Mails);
    const [{ sent_at }] = await sql<{ sent_at: Date }>(`SELECT sent_at FROM mail_send WHERE id = $1`, [rows[0].id]);
    expect(mails.find((m) => m.MailSendId === rows[0].id)).toMatchObject({ Status: 'Trimis', StatusOn: sent_at.toISOString() });
  });

  test('tokens: forged, altered or for another purpose are refused', () => {
    const t = rows[0].tracking_id;
    const token = signToken('open', t);
    expect(verifyToken('open', token)).toBe(t);
    expect(verifyToken('click', token)).toBeNull();
    expect(verifyToken('unsubscribe', token)).toBeNull();
    expect(verifyToken('open', `${t}.${'A'.repeat(22)}`)).toBeNull();
    // Alter a character inside the signature (the last base64url character carries padding bits, so
    // changing it may decode to the same bytes).
    const sigStart = token.indexOf('.') + 1;
    const mid = sigStart + 5;
    expect(verifyToken('open', token.slice(0, mid) + (token[mid] === 'A' ? 'B' : 'A') + token.slice(mid + 1))).toBeNull();
    expect(verifyToken('open', `${rows[1].tracking_id}.${token.split('.')[1]}`)).toBeNull();
    expect(verifyToken('open', 'nu-e-token')).toBeNull();
  });

  test('click redirect only to a URL signed for that message (no open redirect)', async () => {
    const [r0, r1] = rows;
    const good = new URL(clickUrl(r0.tracking_id, 'https://exemplu.ro/contact'));
    const ok = await call(trackClick, good.pathname + good.search, { headers: { 'user-agent': BROWSER_UA } });
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe('https://exemplu.ro/contact');

    const t = good.searchParams.get('t')!;
    const elsewhere = await call(trackClick, `/api/track/click?t=${encodeURIComponent(t)}&u=${encodeURIComponent('https://rau.example/phish')}`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers.get('location')).toBeNull();
    // A token of another message does not open this URL either, nor a javascript: one.
    const other = new URL(clickUrl(r1.tracking_id, 'https://exemplu.ro/contact'));
    const swapped = await call(trackClick, `/api/track/click?t=${encodeURIComponent(other.searchParams.get('t')!.replace(r1.tracking_id, r0.tracking_id))}&u=${encodeURIComponent('https://exemplu.ro/contact')}`);
    expect(swapped.status).toBe(404);
    const js = await call(trackClick, `/api/track/click?t=${encodeURIComponent(signToken('click', r0.tracking_id, 'javascript:alert(1)'))}&u=${encodeURIComponent('javascript:alert(1)')}`);
    expect(js.status).toBe(404);
  });

  test('machine opens and clicks are recorded with the reason and never counted; a person\'s are', async () => {
    const row = rows.find((r) => r.email === emails[1])!;
    const open = new URL(openUrl(row.tracking_id));
    const path = open.pathname + open.search;
    // Right after delivery: a prefetch (MAIL_MIN_OPEN_SECONDS = 3 by default).
    expect((await call(trackOpen, path, { headers: { 'user-agent': BROWSER_UA } })).status).toBe(200);
    expect((await call(trackOpenHead, path, { method: 'HEAD', headers: { 'user-agent': BROWSER_UA } })).status).toBe(200);
    const minOpen = env.MAIL_MIN_OPEN_SECONDS;
    const minClick = env.MAIL_MIN_CLICK_SECONDS;
    env.MAIL_MIN_OPEN_SECONDS = 0;
    env.MAIL_MIN_CLICK_SECONDS = 0;
    try {
      await call(trackOpen, path, { headers: { 'user-agent': 'Mozilla/5.0' } });
      await call(trackOpen, path, { headers: { 'user-agent': 'Barracuda Sentinel (link checker)' } });
      const scannerClick = new URL(clickUrl(row.tracking_id, 'https://exemplu.ro/contact'));
      expect((await call(trackClick, scannerClick.pathname + scannerClick.search, { headers: { 'user-agent': 'python-requests/2.32' } })).status).toBe(302);
      expect((await rowsOf(draftId)).find((r) => r.id === row.id)!.status).toBe('Trimis');
      const events = await sql<{ filtered: string | null }>(`SELECT filtered FROM mail_status_event WHERE mail_send_id = $1 AND status <> 'Trimis' ORDER BY id`, [row.id]);
      expect(events.map((e) => e.filtered)).toEqual(['too-fast', 'head', 'privacy-proxy', 'scanner', 'scanner']);

      // A forged pixel token records nothing and still answers the image.
      const forged = await call(trackOpen, `/api/track/open?t=${row.tracking_id}.AAAAAAAAAAAAAAAAAAAAAA`, { headers: { 'user-agent': BROWSER_UA } });
      expect(forged.status).toBe(200);
      expect(forged.headers.get('content-type')).toBe('image/gif');

      await call(trackOpen, path, { headers: { 'user-agent': BROWSER_UA } });
      expect((await rowsOf(draftId)).find((r) => r.id === row.id)!.status).toBe('Deschis');
      await call(trackClick, scannerClick.pathname + scannerClick.search, { headers: { 'user-agent': BROWSER_UA } });
      expect((await rowsOf(draftId)).find((r) => r.id === row.id)!.status).toBe('Interactionat');
      // Never back: a later open leaves Interactionat.
      await call(trackOpen, path, { headers: { 'user-agent': BROWSER_UA } });
      expect((await rowsOf(draftId)).find((r) => r.id === row.id)!.status).toBe('Interactionat');
    } finally {
      env.MAIL_MIN_OPEN_SECONDS = minOpen;
      env.MAIL_MIN_CLICK_SECONDS = minClick;
    }
  });

  test('an open whose status change fails records nothing: the event and the status are one transaction', async () => {
    const row = rows.find((r) => r.email === emails[2])!;
    const before = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM mail_status_event WHERE mail_send_id = $1`, [row.id]);
    await sql(`CREATE FUNCTION rf_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await sql(`CREATE TRIGGER rf_test_refuse BEFORE UPDATE ON mail_send FOR EACH ROW WHEN (OLD.id = ${Number(row.id)}) EXECUTE FUNCTION rf_test_refuse()`);
    const minOpen = env.MAIL_MIN_OPEN_SECONDS;
    env.MAIL_MIN_OPEN_SECONDS = 0;
    try {
      const token = new URL(openUrl(row.tracking_id)).searchParams.get('t');
      await expect(recordOpen(token, new Request('http://test.local/api/track/open', { headers: { 'user-agent': BROWSER_UA } }))).rejects.toThrow('refused by the test');
    } finally {
      env.MAIL_MIN_OPEN_SECONDS = minOpen;
      await sql(`DROP TRIGGER rf_test_refuse ON mail_send`);
      await sql(`DROP FUNCTION rf_test_refuse()`);
    }
    const after = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM mail_status_event WHERE mail_send_id = $1`, [row.id]);
    expect(after[0].n).toBe(before[0].n);
    expect((await rowsOf(draftId)).find((r) => r.id === row.id)!.status).toBe(row.status);
  });

  test('one-click unsubscribe puts the address on the suppression list; the next send skips it', async () => {
    const row = rows.find((r) => r.email === emails[0])!;
    const u = new URL(unsubscribePostUrl(row.tracking_id));
    expect((await call(trackUnsubscribe, `${u.pathname}?t=forged`, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(404);
    const r = await call(trackUnsubscribe, u.pathname + u.search, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(r.status).toBe(200);
    expect(await sql(`SELECT reason FROM mail_suppression WHERE email = $1`, [row.email])).toEqual([{ reason: 'Unsubscribe' }]);

    const next = await draftOver();
    const summary = await call(getSendSummary, `/api/MailSend/getSendSummary?groupedMailId=${next}`, { token: await tokenOf(who.owner) });
    expect(summary.body).toMatchObject({ Recipients: 3, Unsubscribed: 1, Suppressed: 1, WillSend: 2 });
    const sent = await send(next);
    expect(sent.body).toMatchObject({ Queued: 2, Suppressed: 1 });
    expect((await rowsOf(next)).map((x) => x.email)).not.toContain(row.email);
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [next]);
  });

  test('a refused mailbox fails for good with the server\'s answer and is suppressed; a 4xx is retried later', async () => {
    const refused = addr('refuzat');
    const later = addr('tarziu');
    const [c] = await pickCompanies(1, 200);
    await addContact(c.cui, refused);
    await addContact(c.cui, later);
    const d = await createDraft(who.owner.id, [{ cui: c.cui }]);
    expect((await send(d)).status).toBe(200);
    const report = await deliverCampaignMessages({ timeBudgetMs: 20_000 });
    expect(report).toMatchObject({ sent: 0, failed: 1, retried: 1 });
    const after = await rowsOf(d);
    const bad = after.find((r) => r.email === refused.toLowerCase())!;
    expect(bad.status).toBe('Esuat');
    expect(bad.last_error).toMatch(/550.*Mailbox unknown/);
    expect(await sql(`SELECT reason FROM mail_suppression WHERE email = $1`, [bad.email])).toEqual([{ reason: 'Bounce' }]);
    const retry = after.find((r) => r.email === later.toLowerCase())!;
    expect(retry).toMatchObject({ status: 'Queued', attempts: 1 });
    expect(retry.last_error).toMatch(/451/);
    const [{ wait }] = await sql<{ wait: number }>(`SELECT EXTRACT(EPOCH FROM next_attempt - now())::float8 AS wait FROM mail_send WHERE id = $1`, [retry.id]);
    expect(wait).toBeGreaterThan(20);
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [d]);
  });

  test('history and companies: the author and a group member see them; another user and an Admin do not', async () => {
    const list = async (user: TestUser) =>
      (await call(getMailsHistory, '/api/MailSend/getMailsHistory?PageNumber=1&PageSize=100', { token: await tokenOf(user) })).body;
    const mine = await list(who.owner);
    const item = mine.Items.find((i: { GroupedMailId: number }) => i.GroupedMailId === draftId);
    expect(item).toMatchObject({ NumberOfTotalMails: 3, SendBy: who.owner.userName, IsAuthor: true });
    expect(item.NumberOfOpenedMails).toBe(1);
    expect((await list(member)).Items.map((i: { GroupedMailId: number }) => i.GroupedMailId)).toContain(draftId);
    expect((await list(who.other)).Items.map((i: { GroupedMailId: number }) => i.GroupedMailId)).not.toContain(draftId);
    expect((await list(who.admin)).Items.map((i: { GroupedMailId: number }) => i.GroupedMailId)).not.toContain(draftId);

    expect(await statusesAs(who, () => ({ handler: getMailsHistoryByGroup, path: `/api/MailSend/getMailsHistoryByGroup?GroupId=${groupId}` })))
      .toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    expect(await statusesAs(who, () => ({ handler: getCompaniesMailByGroup, path: `/api/MailSend/getCompaniesMailByGroup?groupedMailId=${draftId}&groupId=${groupId}` })))
      .toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    expect(await statusesAs(who, () => ({ handler: getCompaniesMailByGroup, path: `/api/MailSend/getCompaniesMailByGroup?groupedMailId=${draftId}` })))
      .toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    expect(await statusesAs(who, () => ({ handler: getMailPreview, path: `/api/MailSend/getMailPreview?groupedMailId=${draftId}` })))
      .toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });

    const byGroup = await call(getCompaniesMailByGroup, `/api/MailSend/getCompaniesMailByGroup?groupedMailId=${draftId}&groupId=${groupId}`, { token: await tokenOf(member) });
    expect(byGroup.status).toBe(200);
    expect(byGroup.body.Items).toHaveLength(3);
    const first = byGroup.body.Items.find((c: { CompanyCui: number }) => c.CompanyCui === companies[1].cui);
    expect(first).toMatchObject({ HasMail: true, Email: emails[1], Mails: [{ Status: 'Interactionat', IsOpened: true }] });

    const sentCompanies = async (user: TestUser) =>
      (await call(getCompaniesSendedMails, `/api/MailSend/getCompaniesSendedMails?SearchText=${id}`, { token: await tokenOf(user) })).body;
    expect((await sentCompanies(who.owner)).Count).toBeGreaterThanOrEqual(2);
    // The default order is the company's name (spec 002 §4, §9), as OrderBy=Name gives it.
    const byName = (await call(getCompaniesSendedMails, `/api/MailSend/getCompaniesSendedMails?OrderBy=Name`, { token: await tokenOf(who.owner) })).body.Items;
    const byDefault = (await call(getCompaniesSendedMails, `/api/MailSend/getCompaniesSendedMails`, { token: await tokenOf(who.owner) })).body.Items;
    expect(byName.length).toBeGreaterThanOrEqual(2);
    expect(byDefault).toEqual(byName);
    expect(byName).not.toEqual((await call(getCompaniesSendedMails, `/api/MailSend/getCompaniesSendedMails?OrderBy=Name_desc`, { token: await tokenOf(who.owner) })).body.Items);
    expect(await sentCompanies(who.other)).toEqual({ Items: [], Count: 0, NumberOfPages: 0 });
    expect(await sentCompanies(who.admin)).toEqual({ Items: [], Count: 0, NumberOfPages: 0 });
    expect(await statusesAs(who, () => ({ handler: getCompaniesSendedMails, path: '/api/MailSend/getCompaniesSendedMails' }), ['anonymous'])).toEqual({ anonymous: 401 });

    const byCompany = async (user: TestUser) =>
      (await call(getMailsByCompanies, `/api/MailSend/getMailsByCompanies?companyCui=${companies[0].cui}`, { token: await tokenOf(user) })).body.Items;
    expect((await byCompany(who.owner)).map((i: { GroupedMailId: number }) => i.GroupedMailId)).toContain(draftId);
    expect((await byCompany(member)).map((i: { GroupedMailId: number }) => i.GroupedMailId)).toContain(draftId);
    expect(await byCompany(who.other)).toEqual([]);
    expect(await byCompany(who.admin)).toEqual([]);
    expect(await statusesAs(who, () => ({ handler: getMailsByCompanies, path: `/api/MailSend/getMailsByCompanies?companyCui=${companies[0].cui}` }), ['anonymous'])).toEqual({ anonymous: 401 });
    expect(await statusesAs(who, () => ({ handler: getMailsHistory, path: '/api/MailSend/getMailsHistory' }), ['anonymous'])).toEqual({ anonymous: 401 });

    expect(await statusesAs(who, () => ({ handler: getSendSummary, path: `/api/MailSend/getSendSummary?groupedMailId=${draftId}` })))
      .toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
  });

  test('mail comments: members of the group comment; only the author edits and deletes (soft delete)', async () => {
    const mailId = rows[0].id;
    expect(await statusesAs(who, () => ({ handler: addMailComment, path: '/api/MailSend/addMailComment', method: 'POST', body: { Comment: 'Sună-i luni', MailId: mailId } })))
      .toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    const short = await callAs('owner', who, () => ({ handler: addMailComment, path: '/api/MailSend/addMailComment', method: 'POST', body: { Comment: 'ab', MailId: mailId } }));
    expect(short.status).toBe(400);
    const byMember = await call(addMailComment, '/api/MailSend/addMailComment', { method: 'POST', body: { Comment: 'Am vorbit cu ei', MailId: mailId }, token: await tokenOf(member) });
    expect(byMember.status).toBe(200);

    expect(await statusesAs(who, () => ({ handler: getMailComments, path: `/api/MailSend/getMailComments?mailSendId=${mailId}` })))
      .toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    const listed = (await callAs('owner', who, () => ({ handler: getMailComments, path: `/api/MailSend/getMailComments?mailSendId=${mailId}` }))).body;
    expect(listed.map((c: { Comment: string; IsEditable: boolean }) => [c.Comment, c.IsEditable])).toEqual([
      ['Sună-i luni', true],
      ['Am vorbit cu ei', false],
    ]);
    const ownId = listed[0].Id;
    expect(await statusesAs(who, () => ({ handler: editComment, path: '/api/MailSend/editComment', method: 'PUT', body: { Id: ownId, Comment: 'Sună-i marți' } })))
      .toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    const memberEdit = await call(editComment, '/api/MailSend/editComment', { method: 'PUT', body: { Id: ownId, Comment: 'Schimbat de altcineva' }, token: await tokenOf(member) });
    expect(memberEdit.status).toBe(403);
    expect(await statusesAs(who, () => ({ handler: virtualDeleteComment, path: `/api/MailSend/virtualDeleteComment?id=${ownId}`, method: 'PUT' })))
      .toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    expect(await sql(`SELECT is_deleted FROM mail_comment WHERE id = $1`, [ownId])).toEqual([{ is_deleted: true }]);
    const after = (await callAs('owner', who, () => ({ handler: getMailComments, path: `/api/MailSend/getMailComments?mailSendId=${mailId}` }))).body;
    expect(after.map((c: { Comment: string }) => c.Comment)).toEqual(['Am vorbit cu ei']);
  });
});

describe('an author who is blocked or deleted (decision 017)', () => {
  const asAdmin = async () => tokenOf(who.admin);
  const block = async (u: TestUser, IsBlocked: boolean) =>
    call(updateUserAccess, '/api/User/updateUserAccess', { method: 'PUT', body: { IsBlocked, UserId: u.id }, token: await asAdmin() });
  const remove = async (u: TestUser) => call(deleteUserRoute, `/api/User/${u.id}`, { method: 'DELETE', params: { id: String(u.id) }, token: await asAdmin() });
  const authors: TestUser[] = [];
  const newAuthor = async () => {
    const u = await createUser();
    authors.push(u);
    return u;
  };
  afterAll(async () => deleteUsers(...authors));
  /** A new author whose draft to one company (offset into the seeded ones) is sent: its messages are queued. */
  const queuedDraftOfNewAuthor = async (offset: number, label: string) => {
    const author = await newAuthor();
    const [c] = await pickCompanies(1, offset);
    await addContact(c.cui, addr(label));
    const d = await createDraft(author.id, [{ cui: c.cui }]);
    expect((await send(d, author)).status).toBe(200);
    return { author, d };
  };

  test('a blocked author\'s queued messages are not sent: they wait, Queued, and go out once the author is unblocked', async () => {
    const { author, d } = await queuedDraftOfNewAuthor(300, 'blocat');
    expect((await block(author, true)).status).toBe(200);

    // Parked by the block: still Queued, but not due, so no sender even claims it.
    const dueOf = async () =>
      (await sql<{ parked: boolean }>(`SELECT next_attempt >= $2::timestamp AS parked FROM mail_send WHERE grouped_mail_id = $1`, [d, PARKED_UNTIL])).map((r) => r.parked);
    expect(await dueOf()).toEqual([true]);
    const report = await deliverCampaignMessages({ timeBudgetMs: 20_000 });
    expect(report).toMatchObject({ sent: 0, cancelled: 0, parked: 0 });
    expect(received).toHaveLength(0);
    expect((await rowsOf(d)).map((r) => [r.status, r.attempts])).toEqual([['Queued', 0]]);

    expect((await block(author, false)).status).toBe(200);
    expect(await dueOf()).toEqual([false]);
    expect(await deliverCampaignMessages({ timeBudgetMs: 20_000 })).toMatchObject({ sent: 1 });
    expect(received.map((m) => (m.to as { text: string }).text)).toEqual([emails[emails.length - 1]]);
    expect((await rowsOf(d)).map((r) => r.status)).toEqual(['Trimis']);
  });

  test('the unblock makes parked messages due at once: a claim in the same instant sees them (no rounding up to the next millisecond)', async () => {
    const { author, d } = await queuedDraftOfNewAuthor(302, 'deblocat-acum');
    // now() is fixed inside a transaction: a claim in that instant must find the message due.
    // With SET next_attempt = now(), the millisecond column rounded it up about half the time.
    const dueAtOnce: boolean[] = [];
    for (let i = 0; i < 20; i++) {
      dueAtOnce.push(
        await prisma.$transaction(async (tx) => {
          await parkQueuedMessagesOf(tx, author.id);
          await resumeParkedMessagesOf(tx, author.id);
          const rows = await tx.$queryRaw<{ due: boolean }[]>`SELECT bool_and(next_attempt <= now()) AS due FROM mail_send WHERE grouped_mail_id = ${d}`;
          return rows[0].due;
        }),
      );
    }
    expect(dueAtOnce).toEqual(Array(20).fill(true));
    // And they go out (this also leaves no due message for the next test's sender run).
    const n = (await rowsOf(d)).length;
    expect(await deliverCampaignMessages({ timeBudgetMs: 20_000 })).toMatchObject({ sent: n });
    expect((await rowsOf(d)).map((r) => r.status)).toEqual(Array(n).fill('Trimis'));
  });

  test('a due message of a blocked author that a sender claims anyway (blocked outside the API, or held at the block) is put back to wait, not sent', async () => {
    const { author, d } = await queuedDraftOfNewAuthor(305, 'blocat-direct');
    await sql(`UPDATE app_user SET is_blocked = true WHERE id = $1`, [author.id]);
    // The seeded company may have public addresses of its own: every message of the draft counts.
    const n = (await rowsOf(d)).length;

    expect(await deliverCampaignMessages({ timeBudgetMs: 20_000 })).toMatchObject({ sent: 0, parked: n });
    expect(received).toHaveLength(0);
    expect((await rowsOf(d)).map((r) => [r.status, r.attempts])).toEqual(Array(n).fill(['Queued', 0]));
    expect(await deliverCampaignMessages({ timeBudgetMs: 20_000 })).toMatchObject({ sent: 0, parked: 0 });

    expect((await block(author, false)).status).toBe(200);
    expect(await deliverCampaignMessages({ timeBudgetMs: 20_000 })).toMatchObject({ sent: n });
  });

  test('deleting the author cancels their queued messages at once; one a sender held then is cancelled when it comes back; nothing is sent', async () => {
    const author = await newAuthor();
    const cs = await pickCompanies(3, 310);
    const queued = addr('de-anulat');
    const held = addr('in-zbor');
    const done = addr('deja-trimis');
    await addContact(cs[0].cui, queued);
    await addContact(cs[1].cui, held);
    await addContact(cs[2].cui, done);
    const d = await createDraft(author.id, cs.map((c) => ({ cui: c.cui })));
    expect((await send(d, author)).status).toBe(200);
    // One already delivered, one held by a sender right now (its lease runs), one waiting.
    await sql(`UPDATE mail_send SET status = 'Trimis', sent_at = now() WHERE grouped_mail_id = $1 AND email = $2`, [d, done]);
    await sql(`UPDATE mail_send SET status = 'Sending', attempts = 1, next_attempt = now() + interval '5 minutes' WHERE grouped_mail_id = $1 AND email = $2`, [d, held]);

    expect((await remove(author)).status).toBe(204);
    // Only the three addresses of this test (the seeded companies may have public contacts of their own).
    const byEmail = async () =>
      Object.fromEntries((await rowsOf(d)).filter((r) => [queued, held, done].includes(r.email)).map((r) => [r.email, [r.status, r.last_error]]));
    expect(await byEmail()).toEqual({
      [queued]: ['Esuat', AUTHOR_DELETED_ERROR],
      [held]: ['Sending', null],
      [done]: ['Trimis', null],
    });

    // The held message's sender died (or put it back for a retry): the next sender cancels it.
    await sql(`UPDATE mail_send SET next_attempt = now() - interval '1 second' WHERE grouped_mail_id = $1 AND email = $2`, [d, held]);
    const report = await deliverCampaignMessages({ timeBudgetMs: 20_000 });
    expect(report).toMatchObject({ sent: 0, cancelled: 1 });
    expect((await rowsOf(d)).filter((r) => r.status !== 'Trimis').every((r) => r.status === 'Esuat' && r.last_error === AUTHOR_DELETED_ERROR)).toBe(true);
    expect(received).toHaveLength(0);
    expect((await byEmail())[held]).toEqual(['Esuat', AUTHOR_DELETED_ERROR]);
  });

  test('after the delete, a member of the group reads the history with the author as "Utilizator șters #id"; a mailing with no group is read by nobody, Admins included', async () => {
    const author = await newAuthor();
    const reader = await newAuthor();
    const g = await createGroup(author.id, { members: [{ userId: reader.id }] });
    const cs = await pickCompanies(2, 320);
    await addCompaniesToGroup(g, [cs[0].cui], author.id);
    await addContact(cs[0].cui, addr('istoric-grup'));
    await addContact(cs[1].cui, addr('istoric-fara-grup'));
    const inGroup = await createDraft(author.id, [{ cui: cs[0].cui, groupId: g }]);
    const noGroup = await createDraft(author.id, [{ cui: cs[1].cui }]);
    expect((await send(inGroup, author)).status).toBe(200);
    expect((await send(noGroup, author)).status).toBe(200);
    expect(await deliverCampaignMessages({ timeBudgetMs: 20_000 })).toMatchObject({ sent: 2 });

    expect((await remove(author)).status).toBe(204);
    const tombstone = `Utilizator șters #${author.id}`;
    const history = async (u: TestUser) =>
      (await call(getMailsHistory, '/api/MailSend/getMailsHistory?PageNumber=1&PageSize=100', { token: await tokenOf(u) })).body.Items as Array<{
        GroupedMailId: number;
        SendBy: string;
        IsAuthor: boolean;
      }>;
    const seen = await history(reader);
    expect(seen.find((i) => i.GroupedMailId === inGroup)).toMatchObject({ SendBy: tombstone, IsAuthor: false });
    const byGroup = await call(getMailsHistoryByGroup, `/api/MailSend/getMailsHistoryByGroup?GroupId=${g}&PageNumber=1`, { token: await tokenOf(reader) });
    expect(byGroup.status).toBe(200);
    expect(byGroup.body.Items.map((i: { GroupedMailId: number; SendBy: string }) => [i.GroupedMailId, i.SendBy])).toEqual([[inGroup, tombstone]]);
    const companiesOf = await call(getCompaniesMailByGroup, `/api/MailSend/getCompaniesMailByGroup?groupedMailId=${inGroup}&groupId=${g}`, { token: await tokenOf(reader) });
    expect(companiesOf.status).toBe(200);
    expect(companiesOf.body.Items.flatMap((i: { Mails: Array<{ Status: string }> }) => i.Mails.map((m) => m.Status))).toEqual(['Trimis']);

    // The mailing sent to no group: its only reader was its author; nobody reads it now.
    expect(seen.map((i) => i.GroupedMailId)).not.toContain(noGroup);
    expect((await history(who.admin)).map((i) => i.GroupedMailId)).not.toContain(noGroup);
    for (const u of [reader, who.admin]) {
      const r = await call(getCompaniesMailByGroup, `/api/MailSend/getCompaniesMailByGroup?groupedMailId=${noGroup}`, { token: await tokenOf(u) });
      expect(r.status).toBe(404);
    }
    // It stays in the database: its recipients' unsubscribe links and statuses keep working.
    expect(await sql(`SELECT status FROM mail_send WHERE grouped_mail_id = $1`, [noGroup])).toEqual([{ status: 'Trimis' }]);
  });
});

describe('the claim reads only the rows it takes', () => {
  test('its plan walks mail_send_due_idx in the claim order, with no sort of the queue', async () => {
    const client = await getPool().connect();
    try {
      await client.query('BEGIN');
      // The test queue is tiny: switch off the scans a small table would get, as a large queue would.
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query('SET LOCAL enable_bitmapscan = off');
      // With a one-row estimate (the statistics of a tiny test queue) another index plus a sort of
      // that one row is as cheap; a large queue rules the sort out. Sorting only when nothing else
      // can give the order: a missing or unusable due index still shows a Sort and fails here.
      await client.query('SET LOCAL enable_sort = off');
      const plan = (await client.query(`EXPLAIN ${claimSql()}`, [100, 60])).rows.map((r) => r['QUERY PLAN'] as string).join('\n');
      const picked = plan.slice(0, plan.indexOf('Index Scan using mail_send_pkey'));
      expect(picked).toContain('Index Scan using mail_send_due_idx on mail_send');
      expect(picked).not.toMatch(/\bSort\b/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
