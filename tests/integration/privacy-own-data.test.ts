// A user's own data (issue 30, docs/decisions/060): "Descarcă datele mele" gives each caller their
// own data and nobody else's; "Șterge contul" needs the password and then leaves no personal row
// of the person anywhere in the database (the self-delete writes no audit entry either).
import { GET as exportRoute } from '@/app/api/Account/exportMyData/route';
import { POST as deleteRoute } from '@/app/api/Account/deleteMyAccount/route';
import { GET as userDetails } from '@/app/api/Auth/userDetails/route';
import { sql } from '@/server/kernel/db';
import { sendVerificationMail, sendWelcomeMail } from '@/server/mail/messages';
import { MAIL_KINDS } from '@/server/kernel/mail-kinds';
import { NOTIFICATION_MAIL_KIND } from '@/server/mail/notification-mail';
import { call, isolateMail } from './support/auth';
import { callAs, dropActors, makeActors, statusesAs, tokenOf, type Actors } from './support/authz';
import { addComment, addCompany, createGroup } from '../factories/groups';
import { createUser, type TestUser } from '../factories/users';

let who: Actors;
let cui: number;
const marker = `marcaj-${Date.now().toString(36)}`;

beforeAll(async () => {
  isolateMail();
  who = await makeActors();
  [{ cui }] = await sql<{ cui: number }>(`SELECT cui FROM company ORDER BY cui LIMIT 1 OFFSET 11`);
});

afterAll(async () => {
  await sql(`DELETE FROM contact WHERE name LIKE $1`, [`%${marker}%`]);
  await dropActors(who);
});

async function fill(u: TestUser) {
  const group = await createGroup(u, `Grup ${marker} ${u.id}`);
  const inGroup = await addCompany(group, cui, u);
  await addComment(inGroup, cui, u, `Comentariu ${marker} ${u.id}`);
  await sql(`INSERT INTO contact (cui, user_id, name, email, is_private, updated_at) VALUES ($1, $2, $3, $4, true, now())`, [cui, u.id, `Contact ${marker} ${u.id}`, `contact.${u.id}@exemplu.ro`]);
  await sql(`INSERT INTO mail_template (name, content, owner_id, updated_at) VALUES ($1, '{}', $2, now())`, [`Șablon ${marker} ${u.id}`, u.id]);
  await sql(`INSERT INTO grouped_mail (name, content, created_by_id) VALUES ($1, '{}', $2)`, [`Ciornă ${marker} ${u.id}`, u.id]);
  // Issues 26 and 27: a follow, the e-mail settings of notifications, a saved search.
  await sql(`INSERT INTO watch_company (user_id, cui) VALUES ($1, $2)`, [u.id, cui]);
  await sql(`INSERT INTO notification_preference (user_id, digest_hour) VALUES ($1, 7)`, [u.id]);
  await sql(`INSERT INTO saved_search (user_id, name, filter) VALUES ($1, $2, '{"CountyId":12}')`, [u.id, `Căutare ${marker} ${u.id}`]);
}

/** Rows of the account in the tables of follows, notifications and saved searches. */
const followRows = async (userId: number) =>
  (
    await sql<{ n: number }>(
      `SELECT (SELECT count(*) FROM watch_company WHERE user_id = $1) + (SELECT count(*) FROM watch_group WHERE user_id = $1)
            + (SELECT count(*) FROM notification WHERE user_id = $1) + (SELECT count(*) FROM notification_preference WHERE user_id = $1)
            + (SELECT count(*) FROM saved_search WHERE user_id = $1) AS n`,
      [userId],
    )
  )[0].n;

describe('GET /api/Account/exportMyData', () => {
  it('answers every signed-in caller with their own data only, as a download', async () => {
    await fill(who.owner);
    await fill(who.other);
    expect(await statusesAs(who, () => ({ handler: exportRoute, path: '/api/Account/exportMyData' }))).toEqual({ anonymous: 401, other: 200, admin: 200, owner: 200 });
    const mine = await callAs('owner', who, () => ({ handler: exportRoute, path: '/api/Account/exportMyData' }));
    expect(mine.headers.get('content-disposition')).toMatch(/^attachment; filename="radarfirme-datele-mele-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = mine.body as {
      account: { id: number; email: string };
      groups: Array<{ name: string }>;
      comments: { companies: Array<{ content: string }> };
      contacts: Array<{ Name: string }>;
      templates: Array<{ name: string }>;
      drafts: Array<{ name: string }>;
      sendings: unknown[];
      following: { companies: Array<{ cui: number }> };
      notificationSettings: { email: { digestHour: number } | null };
      savedSearches: Array<{ name: string }>;
    };
    expect(data.account).toMatchObject({ id: who.owner.id, email: who.owner.email });
    expect(data.groups.map((g) => g.name)).toEqual([`Grup ${marker} ${who.owner.id}`]);
    expect(data.comments.companies.map((c) => c.content)).toEqual([`Comentariu ${marker} ${who.owner.id}`]);
    expect(data.contacts.map((c) => c.Name)).toEqual([`Contact ${marker} ${who.owner.id}`]);
    expect(data.templates.map((t) => t.name)).toEqual([`Șablon ${marker} ${who.owner.id}`]);
    expect(data.drafts.map((d) => d.name)).toEqual([`Ciornă ${marker} ${who.owner.id}`]);
    expect(data.sendings).toEqual([]);
    expect(data.following.companies.map((c) => c.cui)).toEqual([cui]);
    expect(data.notificationSettings.email?.digestHour).toBe(7);
    expect(data.savedSearches.map((x) => x.name)).toEqual([`Căutare ${marker} ${who.owner.id}`]);
    // Nothing of the other user, and no secret of the account.
    const text = JSON.stringify(data);
    expect(text).not.toContain(String(`${marker} ${who.other.id}`));
    expect(text).not.toMatch(/passwordHash|password_hash|argon2/);
  });
});

describe('POST /api/Account/deleteMyAccount', () => {
  /** The tables (every column, the row as text) holding `needle`. */
  const where = async (needle: string) => {
    const tables = await sql<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
    const found: string[] = [];
    for (const { table_name: t } of tables) {
      const n = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM "${t}" x WHERE strpos(lower(x::text), lower($1)) > 0`, [needle]);
      if (n[0].n) found.push(`${t}: ${n[0].n}`);
    }
    return found;
  };

  it('refuses anonymous callers and a wrong password (400, nothing erased)', async () => {
    expect(await statusesAs(who, () => ({ handler: deleteRoute, path: '/api/Account/deleteMyAccount', method: 'POST', body: { Password: 'gresita' } }))).toEqual({
      anonymous: 401,
      other: 400,
      admin: 400,
      owner: 400,
    });
    expect((await callAs('owner', who, () => ({ handler: deleteRoute, path: '/api/Account/deleteMyAccount', method: 'POST', body: {} }))).status).toBe(400);
    expect(await sql(`SELECT 1 FROM app_user WHERE id = $1 AND NOT is_deleted`, [who.owner.id])).toHaveLength(1);
  });

  it('with the password: the account is erased, its session ends, and no row holds the name or the address', async () => {
    const person = await createUser();
    await fill(person);
    const token = await tokenOf(person);
    expect((await where(person.email)).length).toBeGreaterThan(0);
    expect((await where(person.userName)).length).toBeGreaterThan(0);
    expect(Number(await followRows(person.id))).toBe(3);

    const r = await call(deleteRoute, '/api/Account/deleteMyAccount', { method: 'POST', body: { Password: person.password }, token });
    expect(r.status).toBe(204);
    expect((await call(userDetails, '/api/Auth/userDetails', { token })).status).toBe(401);
    expect(await where(person.email)).toEqual([]);
    expect(await where(person.userName)).toEqual([]);
    expect(await where(`contact.${person.id}@exemplu.ro`)).toEqual([]);
    expect(Number(await followRows(person.id))).toBe(0);
    // Its private contact, template and draft went with it (soft, emptied): nothing the person wrote is readable.
    const [u] = await sql<{ is_deleted: boolean; user_name: string }>(`SELECT is_deleted, user_name FROM app_user WHERE id = $1`, [person.id]);
    expect(u).toEqual({ is_deleted: true, user_name: `Utilizator șters #${person.id}` });
    expect(await sql(`SELECT 1 FROM audit_entry WHERE target_type = 'user' AND target_id = $1`, [String(person.id)])).toHaveLength(0);
  });

  it('erases every mail to the account (welcome-verify, verify-email, monitoring digests) and the invitation quota rows (decision 086)', async () => {
    const person = await createUser();
    const friend = await createUser();
    const token = await tokenOf(person);
    const link = `http://localhost/confirmare-email?token=link-${person.id}`;
    await sendWelcomeMail({ to: person.email, userName: person.userName, verifyLink: link, validHours: 24 });
    await sendVerificationMail({ to: person.email, userName: person.userName, link, validHours: 24 });
    // A monitoring digest as the notification sender writes it (server/watch/delivery.ts): address and user id.
    await sql(`INSERT INTO outbox_mail ("to", subject, html, text, kind, user_id) VALUES ($1, $2, $3, $3, $4, $5)`, [person.email, `Noutăți pentru ${person.userName}`, `<p>Bună, ${person.userName}</p>`, NOTIFICATION_MAIL_KIND, person.id]);
    await sql(`INSERT INTO invitation_mail (invited_by_id, email) VALUES ($1, $2), ($3, $4)`, [person.id, friend.email, friend.id, person.email]);
    const kinds = await sql<{ kind: string }>(`SELECT DISTINCT kind FROM outbox_mail WHERE "to" = $1 ORDER BY kind`, [person.email]);
    expect(kinds.map((k) => k.kind)).toEqual(['verify-email', 'watch-notifications', 'welcome-verify']);
    expect(await where(link)).toEqual(['outbox_mail: 2']);

    const r = await call(deleteRoute, '/api/Account/deleteMyAccount', { method: 'POST', body: { Password: person.password }, token });
    expect(r.status).toBe(204);
    expect(await where(person.email)).toEqual([]);
    expect(await where(person.userName)).toEqual([]);
    expect(await where(link)).toEqual([]);
    expect(await sql(`SELECT 1 FROM outbox_mail WHERE user_id = $1`, [person.id])).toHaveLength(0);
    expect(await sql(`SELECT 1 FROM invitation_mail WHERE invited_by_id = $1 OR email = $2`, [person.id, person.email])).toHaveLength(0);
    // Every kind the database holds is classified (server/kernel/mail-kinds.ts).
    const held = await sql<{ kind: string }>(`SELECT DISTINCT kind FROM outbox_mail`);
    expect(held.map((k) => k.kind).filter((k) => !(k in MAIL_KINDS))).toEqual([]);
  });
});
