// Mail that cannot be abused (issue 23, docs/decisions/036-mail-abuse.md), each attack replayed:
// an unverified account sends a campaign or an invitation; an inviter or an address goes over the
// daily quota; a suppressed address is invited; user text in a subject; a DKIM signature that
// leaves List-Unsubscribe-Post out. Plus the verification journey (register → link → verified),
// the resend with its limit, and the other ways an address is proven (provider, invitation).
import { generateKeyPairSync } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { waitForBackgroundTasks } from '@/server/mail/background';
import { resetTransports, sendCampaignMail } from '@/server/kernel/mail-transport';
import { signInWithExternalIdentity } from '@/server/account/external';
import { signVerificationToken, VERIFICATION_TEXT } from '@/server/auth/verification';
import { INVITE_QUOTA_TEXT } from '@/server/groups/invitation-policy';
import { POST as register } from '@/app/api/Account/register/route';
import { POST as verifyEmail } from '@/app/api/Account/verifyEmail/route';
import { POST as resendVerification } from '@/app/api/Account/resendVerification/route';
import { GET as userDetails } from '@/app/api/Auth/userDetails/route';
import { POST as invite } from '@/app/api/Group/invite/route';
import { POST as acceptInvite } from '@/app/api/Group/acceptInvite/route';
import { GET as myInvitations } from '@/app/api/Group/getMyInvitations/route';
import { POST as sendMails } from '@/app/api/MailSend/sendMails/route';
import { POST as leaveMessage } from '@/app/api/Email/SendLeaveUsMessageEmail/route';
import { call, isolateMail, STRONG_PASSWORD, uniq } from './support/auth';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { dropActors, statusesAs, tokenOf, type Actors } from './support/authz';
import { createUser, type TestUser } from '../factories/users';
import { addCompaniesToGroup, addContact, createDraft, createGroup, deleteContacts, pickCompanies } from '../factories/sending';

type Outbox = { to: string; subject: string; html: string; text: string | null; kind: string };
const outboxTo = (to: string) => sql<Outbox>(`SELECT "to", subject, html, text, kind FROM outbox_mail WHERE "to" = $1 ORDER BY id`, [to.toLowerCase()]);
const linkIn = (mail: Outbox, path: string) => {
  const m = new RegExp(`https?://[^"\\s]+${path}[^"\\s]*`).exec(mail.text ?? '');
  return new URL(m![0]);
};
const me = async (user: TestUser) => (await call(userDetails, '/api/Auth/userDetails', { token: await tokenOf(user) })).body;
const inviteAs = async (user: TestUser, email: string, groupId: number) =>
  call(invite, `/api/Group/invite?Email=${encodeURIComponent(email)}&GroupId=${groupId}&Access=View`, { method: 'POST', token: await tokenOf(user) });

const defaults = {
  perUser: env.INVITE_DAILY_LIMIT_PER_USER,
  perRecipient: env.INVITE_DAILY_LIMIT_PER_RECIPIENT,
  resend: env.EMAIL_VERIFICATION_RESEND_PER_HOUR,
};
const contacts: string[] = [];

beforeAll(() => {
  isolateMail();
  resetTransports();
});
afterEach(() => {
  env.INVITE_DAILY_LIMIT_PER_USER = defaults.perUser;
  env.INVITE_DAILY_LIMIT_PER_RECIPIENT = defaults.perRecipient;
  env.EMAIL_VERIFICATION_RESEND_PER_HOUR = defaults.resend;
});
afterAll(async () => {
  await waitForBackgroundTasks();
  await deleteContacts(contacts);
});

describe('e-mail verification', () => {
  test('registration mails a link; until it is opened the account is unverified; the link verifies it once and for all', async () => {
    const email = `inregistrare.${uniq()}@exemplu.ro`;
    const created = await call(register, '/api/Account/register', { body: { UserName: `Nou ${uniq()}`, Email: email, Password: STRONG_PASSWORD, ConfirmPassword: STRONG_PASSWORD } });
    expect(created.status).toBe(200);
    const user: TestUser = { id: created.body.UserId, email, userName: created.body.UserName, password: STRONG_PASSWORD };
    expect(await me(user)).toMatchObject({ Email: email, EmailVerified: false });

    const [mail] = await outboxTo(email);
    expect(mail.kind).toBe('welcome-verify');
    expect(mail.subject).toBe('Bun venit în RadarFirme! Confirmă adresa de e-mail');
    expect(mail.subject).not.toContain(user.userName.split(' ')[1]);
    const link = linkIn(mail, '/Verificare-email');
    expect(mail.html).toContain('Confirmă adresa de e-mail');
    const token = link.searchParams.get('token')!;

    // A tampered token, another user's id with this signature: refused, nothing verified.
    const [id, exp, sig] = token.split('.');
    const bad = await call(verifyEmail, '/api/Account/verifyEmail', { body: { Token: `${Number(id) + 1}.${exp}.${sig}` } });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe(VERIFICATION_TEXT.invalid);
    expect((await call(verifyEmail, '/api/Account/verifyEmail', { body: { Token: 'nimic' } })).status).toBe(400);
    expect((await call(verifyEmail, '/api/Account/verifyEmail', { body: {} })).status).toBe(400);
    expect((await me(user)).EmailVerified).toBe(false);

    // Anyone holding the link verifies that account (the link opens signed out), nobody else's.
    const ok = await call(verifyEmail, '/api/Account/verifyEmail', { body: { Token: token } });
    expect(ok.status).toBe(200);
    expect(ok.body.Message).toBe(VERIFICATION_TEXT.confirmed);
    expect((await me(user)).EmailVerified).toBe(true);
    const again = await call(verifyEmail, '/api/Account/verifyEmail', { body: { Token: token } });
    expect(again.body.Message).toBe(VERIFICATION_TEXT.alreadyConfirmed);
  });

  test('an expired link, or a link made for a former address, verifies nothing', async () => {
    const user = await createUser({ emailVerified: false });
    const old = signVerificationToken(user.id, user.email, Date.now() - (env.EMAIL_VERIFICATION_VALID_HOURS * 3600 + 60) * 1000);
    expect((await call(verifyEmail, '/api/Account/verifyEmail', { body: { Token: old } })).status).toBe(400);
    const former = signVerificationToken(user.id, `fosta.${user.email}`);
    expect((await call(verifyEmail, '/api/Account/verifyEmail', { body: { Token: former } })).status).toBe(400);
    expect((await me(user)).EmailVerified).toBe(false);
  });

  test('resendVerification: anonymous 401; an unverified user gets a new link to their own address, within a limit; a verified one gets none', async () => {
    env.EMAIL_VERIFICATION_RESEND_PER_HOUR = 2;
    const who: Actors = { owner: await createUser({ emailVerified: false }), other: await createUser(), admin: await createUser({ role: 'Admin' }) };
    expect(await statusesAs(who, () => ({ handler: resendVerification, path: '/api/Account/resendVerification', method: 'POST' }))).toEqual({
      anonymous: 401,
      other: 200,
      admin: 200,
      owner: 200,
    });
    // Verified callers (other, Admin) are told so and get no mail.
    expect(await outboxTo(who.other.email)).toHaveLength(0);
    expect(await outboxTo(who.admin.email)).toHaveLength(0);
    const [mail] = await outboxTo(who.owner.email);
    expect(mail).toMatchObject({ kind: 'verify-email', subject: 'Confirmă adresa de e-mail pentru RadarFirme' });

    const token = await tokenOf(who.owner);
    expect((await call(resendVerification, '/api/Account/resendVerification', { method: 'POST', token })).status).toBe(200);
    const third = await call(resendVerification, '/api/Account/resendVerification', { method: 'POST', token });
    expect(third.status).toBe(429);
    expect(third.body.Message).toMatch(/^Ați cerut prea multe linkuri de confirmare\. Încercați din nou peste \d+ minute?\.$/);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await outboxTo(who.owner.email)).toHaveLength(2);

    // The mailed link works.
    const link = linkIn(mail, '/Verificare-email');
    expect((await call(verifyEmail, '/api/Account/verifyEmail', { body: { Token: link.searchParams.get('token') } })).status).toBe(200);
    expect((await me(who.owner)).EmailVerified).toBe(true);
    await dropActors(who);
  });

  test('a provider that vouches for the address verifies the new account; one that does not gets the link mail', async () => {
    const google = await signInWithExternalIdentity({ provider: 'google', subject: `g-${uniq()}`, email: `google.${uniq()}@exemplu.ro`, emailVerified: true, name: 'Ana Google' });
    const facebookEmail = `facebook.${uniq()}@exemplu.ro`;
    const facebook = await signInWithExternalIdentity({ provider: 'facebook', subject: `f-${uniq()}`, email: facebookEmail, emailVerified: false, name: 'Ion Facebook' });
    const rows = await sql<{ id: number; verified: boolean }>(`SELECT id, email_verified IS NOT NULL AS verified FROM app_user WHERE id = ANY($1::int[])`, [[google.userId, facebook.userId]]);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.verified]))).toEqual({ [google.userId]: true, [facebook.userId]: false });
    const [mail] = await outboxTo(facebookEmail);
    expect(mail.kind).toBe('welcome-verify');
    await sql(`DELETE FROM app_user WHERE id = ANY($1::int[])`, [[google.userId, facebook.userId]]);
  });
});

describe('an unverified account neither sends campaigns nor invites', () => {
  let companies: { cui: number; name: string }[];
  beforeAll(async () => {
    companies = await pickCompanies(1, 300);
  });

  test('sendMails by an unverified author: 403 with the Romanian reason, nothing queued; once verified, it goes', async () => {
    const author = await createUser({ emailVerified: false });
    const groupId = await createGroup(author.id);
    await addCompaniesToGroup(groupId, [companies[0].cui], author.id);
    const to = `campanie.${uniq()}@exemplu-test.ro`;
    contacts.push(to);
    await addContact(companies[0].cui, to, { userId: author.id, isPrivate: true });
    const draftId = await createDraft(author.id, [{ cui: companies[0].cui, groupId }]);
    const send = async () => call(sendMails, '/api/MailSend/sendMails', { method: 'POST', body: { MailDraftId: draftId }, token: await tokenOf(author) });

    const refused = await send();
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toBe(VERIFICATION_TEXT.required);
    expect(await sql(`SELECT 1 FROM mail_send WHERE grouped_mail_id = $1`, [draftId])).toHaveLength(0);
    expect((await sql<{ sent: boolean }>(`SELECT sent_on IS NOT NULL AS sent FROM grouped_mail WHERE id = $1`, [draftId]))[0].sent).toBe(false);

    await sql(`UPDATE app_user SET email_verified = now() WHERE id = $1`, [author.id]);
    const sent = await send();
    expect(sent.status).toBe(200);
    expect(sent.body.Queued).toBe(1);
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
  });

  test('invite by an unverified owner: 403, no invitation, no mail', async () => {
    const owner = await createUser({ emailVerified: false });
    const groupId = await createGroup(owner.id);
    const to = `invitat.${uniq()}@exemplu.ro`;
    const refused = await inviteAs(owner, to, groupId);
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toBe(VERIFICATION_TEXT.required);
    expect(await sql(`SELECT 1 FROM group_invitation WHERE email = $1`, [to])).toHaveLength(0);
    expect(await outboxTo(to)).toHaveLength(0);
  });

  test('an unconfirmed account neither sees nor answers invitations to its address, and accepting proves nothing', async () => {
    const owner = await createUser();
    const groupId = await createGroup(owner.id);
    const guest = await createUser({ emailVerified: false });
    expect((await inviteAs(owner, guest.email, groupId)).status).toBe(200);
    const inviteId = (await sql<{ id: string }>(`SELECT id::text FROM group_invitation WHERE email = $1 AND group_id = $2`, [guest.email, groupId]))[0].id;
    // Anyone may register with any address: until it is confirmed, the account learns nothing
    // of what was sent to it and joins nothing.
    const hidden = await call(myInvitations, '/api/Group/getMyInvitations?PageNumber=1', { token: await tokenOf(guest) });
    expect(hidden.status).toBe(200);
    expect(hidden.body.Count).toBe(0);
    const refused = await call(acceptInvite, `/api/Group/acceptInvite?inviteId=${inviteId}`, { method: 'POST', token: await tokenOf(guest) });
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toBe(VERIFICATION_TEXT.requiredToAnswer);
    expect(await sql(`SELECT 1 FROM group_member WHERE group_id = $1 AND user_id = $2`, [groupId, guest.id])).toHaveLength(0);
    // Confirmed, it sees the invitation in its own list (with the id) and accepts it.
    await sql(`UPDATE app_user SET email_verified = now() WHERE id = $1`, [guest.id]);
    const mine = await call(myInvitations, '/api/Group/getMyInvitations?PageNumber=1', { token: await tokenOf(guest) });
    expect(mine.body.Items.map((i: { Id: string }) => i.Id)).toContain(inviteId);
    expect((await call(acceptInvite, `/api/Group/acceptInvite?inviteId=${inviteId}`, { method: 'POST', token: await tokenOf(guest) })).status).toBe(200);
  });
});

describe('invitation quotas and the suppression list', () => {
  test('an inviter over the daily quota gets 429 with the Romanian text and Retry-After; nothing more is mailed', async () => {
    env.INVITE_DAILY_LIMIT_PER_USER = 3;
    const owner = await createUser();
    const groupId = await createGroup(owner.id);
    const targets = Array.from({ length: 4 }, (_, i) => `cota${i}.${uniq()}@exemplu.ro`);
    const statuses = [];
    for (const t of targets) statuses.push((await inviteAs(owner, t, groupId)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const last = await inviteAs(owner, `inca.${uniq()}@exemplu.ro`, groupId);
    expect(last.status).toBe(429);
    expect(last.body.Message).toBe(INVITE_QUOTA_TEXT.perUser(3));
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(24 * 3600 - 120);
    expect(await outboxTo(targets[3])).toHaveLength(0);
    // The quota is per 24 hours: once the oldest mails are older, the inviter may go on.
    await sql(`UPDATE invitation_mail SET created_at = created_at - interval '25 hours' WHERE invited_by_id = $1`, [owner.id]);
    expect((await inviteAs(owner, targets[3], groupId)).status).toBe(200);
  });

  test('one address gets at most INVITE_DAILY_LIMIT_PER_RECIPIENT invitations a day, from all users together', async () => {
    env.INVITE_DAILY_LIMIT_PER_RECIPIENT = 2;
    const target = `tinta.${uniq()}@exemplu.ro`;
    const inviters = [await createUser(), await createUser(), await createUser()];
    const statuses = [];
    for (const u of inviters) statuses.push((await inviteAs(u, target.toUpperCase(), await createGroup(u.id))).status);
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await inviteAs(inviters[2], target, await createGroup(inviters[2].id));
    expect(refused.body.Message).toBe(INVITE_QUOTA_TEXT.perRecipient(2));
    expect(await outboxTo(target)).toHaveLength(2);
  });

  test('a suppressed address (unsubscribed or bounced) gets no invitation mail; the attempt counts against the quota', async () => {
    env.INVITE_DAILY_LIMIT_PER_USER = 2;
    const owner = await createUser();
    const groupId = await createGroup(owner.id);
    const unsubscribed = `dezabonat.${uniq()}@exemplu.ro`;
    const bounced = `respins.${uniq()}@exemplu.ro`;
    await sql(`INSERT INTO mail_suppression (email, reason) VALUES ($1, 'Unsubscribe'), ($2, 'Bounce')`, [unsubscribed, bounced]);
    try {
      const first = await inviteAs(owner, unsubscribed, groupId);
      expect(first.status).toBe(409);
      expect(first.body.Message).toBe(INVITE_QUOTA_TEXT.suppressed);
      expect((await inviteAs(owner, bounced, groupId)).status).toBe(409);
      expect(await sql(`SELECT 1 FROM group_invitation WHERE email = ANY($1::text[])`, [[unsubscribed, bounced]])).toHaveLength(0);
      expect(await outboxTo(unsubscribed)).toHaveLength(0);
      expect(await outboxTo(bounced)).toHaveLength(0);
      // Probing the list is not free.
      expect((await inviteAs(owner, `liber.${uniq()}@exemplu.ro`, groupId)).status).toBe(429);
    } finally {
      await sql(`DELETE FROM mail_suppression WHERE email = ANY($1::text[])`, [[unsubscribed, bounced]]);
    }
  });
});

describe('no user-written text in a subject', () => {
  test('invitation: the group name and the inviter name are in the body, escaped, never in the subject', async () => {
    const marker = `Câștigi 1000 lei ${uniq()}`;
    const owner = await createUser({ userName: `Banca <b>${uniq()}</b>` });
    const groupId = await createGroup(owner.id, { name: `<a href="https://rau.example">${marker}</a>` });
    const to = `subiect.${uniq()}@exemplu.ro`;
    expect((await inviteAs(owner, to, groupId)).status).toBe(200);
    const [mail] = await outboxTo(to);
    expect(mail.subject).toBe('Ai fost invitat într-un grup pe RadarFirme');
    expect(mail.html).toContain(`&lt;a href=&quot;https://rau.example&quot;&gt;${marker}&lt;/a&gt;`);
    expect(mail.html).not.toContain('href="https://rau.example"');
    expect(mail.html).not.toContain('<b>');
  });

  test('every mail the platform sends on a person’s behalf has a fixed subject', async () => {
    const marker = `TEXT-${uniq()}`;
    const email = `fix.${uniq()}@exemplu.ro`;
    await call(register, '/api/Account/register', { body: { UserName: `Nume ${marker}`, Email: email, Password: STRONG_PASSWORD, ConfirmPassword: STRONG_PASSWORD } });
    const before = (await sql<{ id: number }>(`SELECT coalesce(max(id), 0)::int AS id FROM outbox_mail`))[0].id;
    await call(leaveMessage, '/api/Email/SendLeaveUsMessageEmail', { body: { Name: marker, PhoneNumber: '0722000000', Email: email, Message: marker } });
    const leave = await sql<Outbox>(`SELECT "to", subject, html, text, kind FROM outbox_mail WHERE id > $1 AND kind = 'leave-message'`, [before]);
    expect(leave).toHaveLength(1);
    const mails = [...(await outboxTo(email)), ...leave];
    expect(mails.map((m) => m.kind).sort()).toEqual(['leave-message', 'welcome-verify']);
    for (const m of mails) {
      expect(m.subject).not.toContain(marker);
      expect(m.html).toContain(marker);
    }
  });
});

describe('DKIM', () => {
  let sink: SmtpSink;
  let received: { raw: string; parsed: ParsedMail }[] = [];
  const saved = { url: env.CAMPAIGN_SMTP_URL, domain: env.MAIL_DKIM_DOMAIN, selector: env.MAIL_DKIM_SELECTOR, key: env.MAIL_DKIM_PRIVATE_KEY };

  beforeAll(async () => {
    sink = await startSmtpSink((parsed, raw) => received.push({ raw: raw.toString('utf8'), parsed }));
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    env.CAMPAIGN_SMTP_URL = `smtp://127.0.0.1:${sink.port}`;
    env.MAIL_DKIM_DOMAIN = 'radarfirme.ro';
    env.MAIL_DKIM_SELECTOR = 'rf2026';
    env.MAIL_DKIM_PRIVATE_KEY = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    resetTransports();
  });

  afterAll(async () => {
    Object.assign(env, { CAMPAIGN_SMTP_URL: saved.url, MAIL_DKIM_DOMAIN: saved.domain, MAIL_DKIM_SELECTOR: saved.selector, MAIL_DKIM_PRIVATE_KEY: saved.key });
    resetTransports();
    await sink.close();
  });

  test('the signature of a campaign message covers List-Unsubscribe and List-Unsubscribe-Post (RFC 8058 §4)', async () => {
    received = [];
    await sendCampaignMail({
      to: 'dkim@exemplu-test.ro',
      subject: 'Ofertă',
      html: '<p>Bună ziua</p>',
      kind: 'campaign',
      ref: 'dkim',
      headers: { 'List-Unsubscribe': '<https://radarfirme.ro/api/track/unsubscribe?t=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    expect(received).toHaveLength(1);
    // mailparser reads the message; the DKIM-Signature field is read from its header block (unfolded).
    const lines = received[0].parsed.headerLines.map((h) => h.key);
    expect(lines).toEqual(expect.arrayContaining(['dkim-signature', 'list-unsubscribe', 'list-unsubscribe-post']));
    const head = received[0].raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
    const field = head.split(/\r?\n/).find((l) => /^dkim-signature:/i.test(l))!;
    expect(field).toBeDefined();
    const tags = Object.fromEntries(
      field
        .replace(/^dkim-signature:/i, '')
        .split(';')
        .map((t) => t.trim().split(/=(.*)/s))
        .filter((t) => t[0])
        .map(([k, v]) => [k.toLowerCase(), (v ?? '').replace(/\s+/g, '')]),
    );
    expect(tags.d).toBe('radarfirme.ro');
    expect(tags.s).toBe('rf2026');
    const signed = tags.h.toLowerCase().split(':');
    expect(signed).toEqual(expect.arrayContaining(['from', 'to', 'subject', 'list-unsubscribe', 'list-unsubscribe-post']));
  });
});
