// Users administration on a real PostgreSQL: every endpoint as anonymous / the user concerned /
// another user / Admin, the filters and sorts of the list, edits with their 409s, blocking that
// stops a still-valid access token at once, role changes effective on the next request, the
// self-protection and last-Admin rules, and what deleting a user leaves behind.
import { GET as getUsers } from '@/app/api/User/getUsers/route';
import { GET as getUser } from '@/app/api/User/getUser/route';
import { PUT as updateUserRoute } from '@/app/api/User/updateUser/route';
import { PUT as updateAccess } from '@/app/api/User/updateUserAccess/route';
import { DELETE as deleteUserRoute } from '@/app/api/User/[id]/route';
import { GET as getRoles } from '@/app/api/Role/getRoles/route';
import { PUT as updateRole } from '@/app/api/Role/updateUserRole/route';
import { GET as getCompanies } from '@/app/api/Company/getCompapaniesWithUserContacts/route';
import { GET as getUserContacts } from '@/app/api/Contact/getUserContacts/route';
import { PUT as updatePrivacy } from '@/app/api/Contact/updatePrivacy/route';
import { POST as login } from '@/app/api/Auth/login/route';
import { POST as refresh } from '@/app/api/Auth/refresh-token/route';
import { GET as userDetails } from '@/app/api/Auth/userDetails/route';
import { POST as register } from '@/app/api/Account/register/route';
import { sql } from '@/server/kernel/db';
import { issueSession } from '@/server/auth/tokens';
import { deleteUser, updateUserAccess, updateUserRole } from '@/server/users/commands';
import { USERS_PAGE_SIZE } from '@/lib/users/schemas';
import { USER_ERRORS } from '@/lib/users/texts';
import { call, isolateMail, STRONG_PASSWORD } from './support/auth';
import { dropActors, makeActors, statusesAs, tokenOf, type Actors } from './support/authz';
import { createUser, deleteUsers, uniq, type TestUser } from '../factories/users';

const made: TestUser[] = [];
async function user(opts: Parameters<typeof createUser>[0] = {}) {
  const u = await createUser(opts);
  made.push(u);
  return u;
}

let who: Actors;
let adminToken: string;
let companies: Array<{ cui: number; name: string }>;
let roles: { Admin: number; User: number };

beforeAll(async () => {
  isolateMail();
  who = await makeActors();
  adminToken = await tokenOf(who.admin);
  companies = await sql<{ cui: number; name: string }>(`SELECT cui, name FROM company ORDER BY name, cui LIMIT 3`);
  const r = await sql<{ id: number; name: 'Admin' | 'User' }>(`SELECT id, name FROM role`);
  roles = Object.fromEntries(r.map((x) => [x.name, x.id])) as typeof roles;
});

afterAll(async () => {
  await dropActors(who);
  await deleteUsers(...made);
});

const asAdmin = (handler: Parameters<typeof call>[0], path: string, opts: Parameters<typeof call>[2] = {}) => call(handler, path, { token: adminToken, ...opts });

async function addContact(u: TestUser, cui: number, over: { name?: string; phone?: string; email?: string; isPrivate?: boolean; deleted?: boolean } = {}) {
  const rows = await sql<{ id: number }>(
    `INSERT INTO contact (cui, user_id, name, role, phone, email, is_private, is_deleted, updated_at)
     VALUES ($1, $2, $3, 'Director', $4, $5, $6, $7, now()) RETURNING id`,
    [cui, u.id, over.name ?? 'Ion Popescu', over.phone ?? '0721234567', over.email ?? 'ion@exemplu.ro', !!over.isPrivate, !!over.deleted],
  );
  return rows[0].id;
}

async function addGroup(owner: TestUser, members: Array<{ user: TestUser; access: 'View' | 'Edit' }> = []) {
  const g = await sql<{ id: number }>(`INSERT INTO company_group_list (name, owner_id) VALUES ($1, $2) RETURNING id`, [`Grup ${uniq()}`, owner.id]);
  const id = g[0].id;
  await sql(`INSERT INTO group_member (group_id, user_id, access, is_owner) VALUES ($1, $2, 'Edit', true)`, [id, owner.id]);
  for (const m of members) {
    await sql(`INSERT INTO group_member (group_id, user_id, access) VALUES ($1, $2, $3)`, [id, m.user.id, m.access]);
  }
  return id;
}

describe('access: Admin only, on the server', () => {
  test('every endpoint answers 401 to anonymous, 403 to Users (the user concerned too), 2xx to an Admin', async () => {
    const contactId = await addContact(who.owner, companies[0].cui);
    const cases: Array<{ name: string; build: () => Parameters<typeof statusesAs>[1] extends () => infer R ? R : never; ok: number }> = [
      { name: 'getUsers', build: () => ({ handler: getUsers, path: '/api/User/getUsers' }), ok: 200 },
      { name: 'getUser', build: () => ({ handler: getUser, path: `/api/User/getUser?userId=${who.owner.id}` }), ok: 200 },
      {
        name: 'updateUser',
        build: () => ({ handler: updateUserRoute, path: '/api/User/updateUser', method: 'PUT', body: { Id: who.owner.id, UserName: who.owner.userName, Email: who.owner.email } }),
        ok: 200,
      },
      { name: 'updateUserAccess', build: () => ({ handler: updateAccess, path: '/api/User/updateUserAccess', method: 'PUT', body: { IsBlocked: false, UserId: who.owner.id } }), ok: 200 },
      { name: 'getRoles', build: () => ({ handler: getRoles, path: '/api/Role/getRoles' }), ok: 200 },
      { name: 'updateUserRole', build: () => ({ handler: updateRole, path: '/api/Role/updateUserRole', method: 'PUT', body: { RoleId: roles.User, UserId: who.owner.id } }), ok: 200 },
      { name: 'getCompapaniesWithUserContacts', build: () => ({ handler: getCompanies, path: `/api/Company/getCompapaniesWithUserContacts?userId=${who.owner.id}` }), ok: 200 },
      { name: 'getUserContacts', build: () => ({ handler: getUserContacts, path: `/api/Contact/getUserContacts?UserId=${who.owner.id}` }), ok: 200 },
      { name: 'updatePrivacy', build: () => ({ handler: updatePrivacy, path: '/api/Contact/updatePrivacy', method: 'PUT', body: { Private: true, Id: contactId } }), ok: 200 },
    ];
    for (const c of cases) {
      expect([c.name, await statusesAs(who, c.build)]).toEqual([c.name, { anonymous: 401, other: 403, admin: c.ok, owner: 403 }]);
    }
    // Delete last: the Admin's call removes the account.
    const victim = await user();
    expect(await statusesAs(who, () => ({ handler: deleteUserRoute, path: `/api/User/${victim.id}`, method: 'DELETE', params: { id: String(victim.id) } }))).toEqual({
      anonymous: 401,
      other: 403,
      admin: 204,
      owner: 403,
    });
  });

  test('a user id that does not exist answers 404 on every endpoint that names a user or contact; a malformed id 400', async () => {
    const missing = 2_000_000_000;
    expect((await asAdmin(getUser, `/api/User/getUser?userId=${missing}`)).status).toBe(404);
    expect((await asAdmin(updateUserRoute, '/api/User/updateUser', { method: 'PUT', body: { Id: missing, UserName: 'Nume Valid', Email: 'x@exemplu.ro' } })).status).toBe(404);
    expect((await asAdmin(updateAccess, '/api/User/updateUserAccess', { method: 'PUT', body: { IsBlocked: true, UserId: missing } })).status).toBe(404);
    expect((await asAdmin(updateRole, '/api/Role/updateUserRole', { method: 'PUT', body: { RoleId: roles.User, UserId: missing } })).status).toBe(404);
    expect((await asAdmin(deleteUserRoute, `/api/User/${missing}`, { method: 'DELETE', params: { id: String(missing) } })).status).toBe(404);
    expect((await asAdmin(getCompanies, `/api/Company/getCompapaniesWithUserContacts?userId=${missing}`)).status).toBe(404);
    expect((await asAdmin(getUserContacts, `/api/Contact/getUserContacts?UserId=${missing}`)).status).toBe(404);
    expect((await asAdmin(updatePrivacy, '/api/Contact/updatePrivacy', { method: 'PUT', body: { Private: true, Id: missing } })).status).toBe(404);

    expect((await asAdmin(getUser, '/api/User/getUser?userId=abc')).status).toBe(400);
    expect((await asAdmin(getUser, '/api/User/getUser?userId=99999999999')).status).toBe(400);
    expect((await asAdmin(deleteUserRoute, '/api/User/abc', { method: 'DELETE', params: { id: 'abc' } })).status).toBe(400);
    expect((await asAdmin(updateAccess, '/api/User/updateUserAccess', { method: 'PUT', body: { IsBlocked: 'da', UserId: who.owner.id } })).status).toBe(400);
    expect((await asAdmin(updateRole, '/api/Role/updateUserRole', { method: 'PUT', body: { RoleId: 987654, UserId: who.owner.id } })).status).toBe(400);
  });
});

describe('GET /api/User/getUsers', () => {
  const tag = `lst${uniq()}`;
  let ana: TestUser, bogdan: TestUser, cezar: TestUser, dana: TestUser;

  beforeAll(async () => {
    // Created in this order: AccountCreatedDate ascending is ana, bogdan, cezar, dana.
    ana = await user({ userName: `Ănă ${tag}`, email: `ana.${tag}@exemplu.ro` });
    bogdan = await user({ userName: `Bogdan ${tag}`, email: `bogdan.${tag}@exemplu.ro`, role: 'Admin' });
    cezar = await user({ userName: `Cezar ${tag}`, email: `cezar.${tag}@exemplu.ro`, blocked: true });
    dana = await user({ userName: `Dora ${tag}`, email: `dora.${tag}@exemplu.ro` });
    await sql(`UPDATE app_user SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [ana.id, 40]);
    await sql(`UPDATE app_user SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [bogdan.id, 30]);
    await sql(`UPDATE app_user SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [cezar.id, 20]);
    await sql(`UPDATE app_user SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [dana.id, 10]);
    // Groups: ana owns two, bogdan is a member of one of them, dana none; a deleted group and a
    // left membership do not count.
    const g1 = await addGroup(ana, [{ user: bogdan, access: 'View' }]);
    await addGroup(ana);
    const gone = await addGroup(cezar, [{ user: dana, access: 'Edit' }]);
    await sql(`UPDATE company_group_list SET is_deleted = true WHERE id = $1`, [gone]);
    await sql(`UPDATE group_member SET is_deleted = true WHERE group_id = $1 AND user_id = $2`, [g1, bogdan.id]);
    await addGroup(bogdan);
    // Contacts: cezar three (one deleted), dana one.
    await addContact(cezar, companies[0].cui);
    await addContact(cezar, companies[1].cui, { isPrivate: true });
    await addContact(cezar, companies[1].cui, { deleted: true });
    await addContact(dana, companies[2].cui);
  });

  const list = async (query: string) => {
    const res = await asAdmin(getUsers, `/api/User/getUsers?SearchText=${tag}&${query}`);
    expect(res.status).toBe(200);
    return res.body as { Items: Array<Record<string, unknown>>; Count: number; NumberOfPages: number };
  };
  const names = (b: { Items: Array<Record<string, unknown>> }) => b.Items.map((i) => String(i.Name).split(' ')[0]);

  test('the answer shape: Items with the user fields, Count, NumberOfPages; Name ascending by default', async () => {
    const b = await list('');
    expect(b.Count).toBe(4);
    expect(b.NumberOfPages).toBe(1);
    expect(names(b)).toEqual(['Ănă', 'Bogdan', 'Cezar', 'Dora']);
    expect(b.Items[0]).toEqual({
      Id: ana.id,
      Name: ana.userName,
      Email: ana.email,
      GroupsNumber: 2,
      ContactsNumber: 0,
      AccountCreatedDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      Role: 'User',
      RoleId: roles.User,
      IsBlocked: false,
    });
    expect(b.Items.map((i) => [i.GroupsNumber, i.ContactsNumber])).toEqual([
      [2, 0],
      [1, 0],
      [0, 2],
      [0, 1],
    ]);
    expect(b.Items.find((i) => i.Id === cezar.id)).toMatchObject({ IsBlocked: true });
    expect(b.Items.find((i) => i.Id === bogdan.id)).toMatchObject({ Role: 'Admin', RoleId: roles.Admin });
  });

  test('search ignores case and diacritics in the name, and finds the e-mail', async () => {
    const byName = await asAdmin(getUsers, `/api/User/getUsers?SearchText=${encodeURIComponent(`ANA ${tag}`)}`);
    expect(names(byName.body)).toEqual(['Ănă']);
    const byEmail = await asAdmin(getUsers, `/api/User/getUsers?searchText=${encodeURIComponent(`DORA.${tag}@`)}`);
    expect(names(byEmail.body)).toEqual(['Dora']);
    const likeChars = await asAdmin(getUsers, `/api/User/getUsers?SearchText=${encodeURIComponent(`%${tag}`)}`);
    expect(likeChars.body.Count).toBe(0);
  });

  test('filters: HasGroups, HasContacts, HasAccess, RoleId (empty = all)', async () => {
    expect(names(await list('HasGroups=true'))).toEqual(['Ănă', 'Bogdan']);
    expect(names(await list('HasGroups=false'))).toEqual(['Cezar', 'Dora']);
    expect(names(await list('HasContacts=true'))).toEqual(['Cezar', 'Dora']);
    expect(names(await list('HasContacts=false'))).toEqual(['Ănă', 'Bogdan']);
    expect(names(await list('HasAccess=false'))).toEqual(['Cezar']);
    expect(names(await list('HasAccess=true'))).toEqual(['Ănă', 'Bogdan', 'Dora']);
    expect(names(await list(`RoleId=${roles.Admin}`))).toEqual(['Bogdan']);
    expect(names(await list(`RoleId=${roles.User}&HasContacts=true&HasAccess=true`))).toEqual(['Dora']);
    expect(names(await list('HasGroups=&HasContacts=&HasAccess=&RoleId='))).toEqual(['Ănă', 'Bogdan', 'Cezar', 'Dora']);
  });

  test('sorts by Name, GroupsNumber, ContactsNumber, AccountCreatedDate, each with _desc', async () => {
    expect(names(await list('OrderBy=Name_desc'))).toEqual(['Dora', 'Cezar', 'Bogdan', 'Ănă']);
    expect(names(await list('OrderBy=GroupsNumber'))).toEqual(['Cezar', 'Dora', 'Bogdan', 'Ănă']);
    expect(names(await list('OrderBy=GroupsNumber_desc'))).toEqual(['Ănă', 'Bogdan', 'Dora', 'Cezar']);
    expect(names(await list('OrderBy=ContactsNumber'))).toEqual(['Ănă', 'Bogdan', 'Dora', 'Cezar']);
    expect(names(await list('OrderBy=contactsnumber_DESC'))).toEqual(['Cezar', 'Dora', 'Bogdan', 'Ănă']);
    expect(names(await list('OrderBy=AccountCreatedDate'))).toEqual(['Ănă', 'Bogdan', 'Cezar', 'Dora']);
    expect(names(await list('OrderBy=AccountCreatedDate_desc'))).toEqual(['Dora', 'Cezar', 'Bogdan', 'Ănă']);
  });

  test('bad filter values answer 400 in Romanian, never 500', async () => {
    for (const q of ['OrderBy=Password', 'OrderBy=Name;DROP', 'HasGroups=maybe', 'RoleId=x', 'PageNumber=0']) {
      const res = await asAdmin(getUsers, `/api/User/getUsers?${q}`);
      expect([q, res.status]).toEqual([q, 400]);
      expect(res.body.Code).toBe('VALIDATION');
    }
  });

  test(`pages of ${USERS_PAGE_SIZE}; a deleted user is not listed`, async () => {
    const pageTag = `pg${uniq()}`;
    const many = [];
    for (let i = 0; i < USERS_PAGE_SIZE + 2; i++) many.push(await user({ userName: `Pag ${pageTag} ${String(i).padStart(2, '0')}` }));
    const p1 = await asAdmin(getUsers, `/api/User/getUsers?SearchText=${pageTag}&PageNumber=1`);
    const p2 = await asAdmin(getUsers, `/api/User/getUsers?SearchText=${pageTag}&PageNumber=2`);
    expect([p1.body.Count, p1.body.NumberOfPages, p1.body.Items.length]).toEqual([USERS_PAGE_SIZE + 2, 2, USERS_PAGE_SIZE]);
    expect(p2.body.Items.map((i: { Id: number }) => i.Id)).toEqual([many[USERS_PAGE_SIZE].id, many[USERS_PAGE_SIZE + 1].id]);
    expect((await asAdmin(deleteUserRoute, `/api/User/${many[0].id}`, { method: 'DELETE', params: { id: String(many[0].id) } })).status).toBe(204);
    const after = await asAdmin(getUsers, `/api/User/getUsers?SearchText=${pageTag}`);
    expect(after.body.Count).toBe(USERS_PAGE_SIZE + 1);
    expect(after.body.Items.map((i: { Id: number }) => i.Id)).not.toContain(many[0].id);
  });
});

describe('GET /api/User/getUser and PUT /api/User/updateUser', () => {
  test('getUser answers the user with UserName for the edit modal', async () => {
    const u = await user();
    const res = await asAdmin(getUser, `/api/User/getUser?userId=${u.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Id: u.id, UserName: u.userName, Name: u.userName, Email: u.email, Role: 'User', IsBlocked: false });
  });

  test('updates name and e-mail (e-mail stored lower-case; a changed address is no longer verified); the user signs in with it', async () => {
    const u = await user({ emailVerified: true });
    const next = `Nou  Nume ${uniq()}`;
    const email = `Nou.${uniq()}@Exemplu.RO`;
    const res = await asAdmin(updateUserRoute, '/api/User/updateUser', { method: 'PUT', body: { Id: u.id, UserName: next, Email: email } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Id: u.id, UserName: next.replace(/\s+/g, ' '), Email: email.toLowerCase() });
    const row = await sql<{ email_verified: Date | null }>(`SELECT email_verified FROM app_user WHERE id = $1`, [u.id]);
    expect(row[0].email_verified).toBeNull();
    expect((await call(login, '/api/Auth/login', { body: { Email: email, Password: STRONG_PASSWORD } })).status).toBe(200);
    // Saving the same values again is not a conflict with itself.
    const again = await asAdmin(updateUserRoute, '/api/User/updateUser', { method: 'PUT', body: { Id: u.id, UserName: next, Email: email } });
    expect(again.status).toBe(200);
  });

  test('409 on a name (ignoring case and diacritics) or an e-mail (ignoring case) used by another account, on the field', async () => {
    const taken = await user({ userName: `Ștefan Țurcanu ${uniq()}` });
    const u = await user();
    const byName = await asAdmin(updateUserRoute, '/api/User/updateUser', {
      method: 'PUT',
      body: { Id: u.id, UserName: taken.userName.toUpperCase().replace('Ș', 'S').replace('Ț', 'T'), Email: u.email },
    });
    expect(byName.status).toBe(409);
    expect(byName.body.Errors).toEqual({ UserName: ['Acest nume de utilizator este deja folosit.'] });
    const byEmail = await asAdmin(updateUserRoute, '/api/User/updateUser', { method: 'PUT', body: { Id: u.id, UserName: u.userName, Email: taken.email.toUpperCase() } });
    expect(byEmail.status).toBe(409);
    expect(byEmail.body.Errors).toEqual({ Email: ['Există deja un cont cu acest e-mail.'] });
    const both = await asAdmin(updateUserRoute, '/api/User/updateUser', { method: 'PUT', body: { Id: u.id, UserName: taken.userName, Email: taken.email } });
    expect(Object.keys(both.body.Errors).sort()).toEqual(['Email', 'UserName']);
    const unchanged = await sql<{ user_name: string; email: string }>(`SELECT user_name, email FROM app_user WHERE id = $1`, [u.id]);
    expect(unchanged[0]).toEqual({ user_name: u.userName, email: u.email });
  });

  test('400 with the form messages: name 3 to 200 characters, valid e-mail, both required', async () => {
    const u = await user();
    const bad = async (body: Record<string, unknown>) => (await asAdmin(updateUserRoute, '/api/User/updateUser', { method: 'PUT', body: { Id: u.id, ...body } })).body;
    expect((await bad({ UserName: 'ab', Email: u.email })).Errors).toEqual({ UserName: ['Acest câmp trebuie să fie mai mare de 3 caractere.'] });
    expect((await bad({ UserName: 'a'.repeat(201), Email: u.email })).Errors).toEqual({ UserName: ['Acest câmp trebuie să fie mai mic de 200 de caractere.'] });
    expect((await bad({ UserName: u.userName, Email: 'nu-e-email' })).Errors).toEqual({ Email: ['Acest câmp trebuie să fie un e-mail valid.'] });
    expect((await bad({ UserName: '', Email: '' })).Errors).toEqual({ UserName: ['Acest câmp este necesar.'], Email: ['Acest câmp este necesar.'] });
  });
});

describe('blocking', () => {
  test('refuses a still-valid access token at once, refuses refresh and sign-in; unblocking restores sign-in', async () => {
    const u = await user();
    const signIn = await call(login, '/api/Auth/login', { body: { Email: u.email, Password: u.password } });
    const pair = signIn.body as { AccessToken: string; RefreshToken: string };
    expect((await call(userDetails, '/api/Auth/userDetails', { token: pair.AccessToken })).status).toBe(200);

    const res = await asAdmin(updateAccess, '/api/User/updateUserAccess', { method: 'PUT', body: { IsBlocked: true, UserId: u.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Id: u.id, IsBlocked: true });

    expect((await call(userDetails, '/api/Auth/userDetails', { token: pair.AccessToken })).status).toBe(401);
    expect((await call(refresh, '/api/Auth/refresh-token', { body: pair })).status).toBe(401);
    const live = await sql(`SELECT 1 FROM refresh_token WHERE user_id = $1 AND revoked_at IS NULL`, [u.id]);
    expect(live).toHaveLength(0);
    expect((await call(login, '/api/Auth/login', { body: { Email: u.email, Password: u.password } })).status).toBe(403);

    const unblock = await asAdmin(updateAccess, '/api/User/updateUserAccess', { method: 'PUT', body: { IsBlocked: false, UserId: u.id } });
    expect(unblock.body).toMatchObject({ IsBlocked: false });
    const again = await call(login, '/api/Auth/login', { body: { Email: u.email, Password: u.password } });
    expect(again.status).toBe(200);
    expect((await call(userDetails, '/api/Auth/userDetails', { token: again.body.AccessToken })).status).toBe(200);
  });

  test('even a token issued an instant before the block stops working (no cache to wait for)', async () => {
    const u = await user();
    const tokens = await Promise.all([issueSession(u.id), issueSession(u.id, { longLived: true })]);
    await asAdmin(updateAccess, '/api/User/updateUserAccess', { method: 'PUT', body: { IsBlocked: true, UserId: u.id } });
    for (const t of tokens) expect((await call(userDetails, '/api/Auth/userDetails', { token: t.AccessToken })).status).toBe(401);
  });

  test('an Admin cannot block themself (403) and an Admin blocked by another Admin loses the admin endpoints at once', async () => {
    const self = await asAdmin(updateAccess, '/api/User/updateUserAccess', { method: 'PUT', body: { IsBlocked: true, UserId: who.admin.id } });
    expect(self.status).toBe(403);
    expect(self.body.Message).toBe(USER_ERRORS.selfBlock);
    const second = await user({ role: 'Admin' });
    const secondToken = await tokenOf(second);
    expect((await call(getUsers, '/api/User/getUsers', { token: secondToken })).status).toBe(200);
    expect((await asAdmin(updateAccess, '/api/User/updateUserAccess', { method: 'PUT', body: { IsBlocked: true, UserId: second.id } })).status).toBe(200);
    expect((await call(getUsers, '/api/User/getUsers', { token: secondToken })).status).toBe(401);
  });
});

describe('roles', () => {
  test('getRoles lists Admin and User with their ids', async () => {
    const res = await asAdmin(getRoles, '/api/Role/getRoles');
    expect(res.body).toEqual(expect.arrayContaining([{ Id: roles.Admin, Name: 'Admin' }, { Id: roles.User, Name: 'User' }]));
  });

  test('a promotion and a demotion take effect on the next request with the same access token', async () => {
    const u = await user();
    const token = await tokenOf(u);
    expect((await call(getRoles, '/api/Role/getRoles', { token })).status).toBe(403);
    const up = await asAdmin(updateRole, '/api/Role/updateUserRole', { method: 'PUT', body: { RoleId: roles.Admin, UserId: u.id } });
    expect(up.body).toMatchObject({ Id: u.id, Role: 'Admin' });
    expect((await call(getRoles, '/api/Role/getRoles', { token })).status).toBe(200);
    expect((await call(userDetails, '/api/Auth/userDetails', { token })).body.UserRoles).toEqual(['Admin']);
    await asAdmin(updateRole, '/api/Role/updateUserRole', { method: 'PUT', body: { RoleId: roles.User, UserId: u.id } });
    expect((await call(getRoles, '/api/Role/getRoles', { token })).status).toBe(403);
  });

  test('an Admin cannot demote themself (403); setting their own role to Admin again is harmless', async () => {
    const res = await asAdmin(updateRole, '/api/Role/updateUserRole', { method: 'PUT', body: { RoleId: roles.User, UserId: who.admin.id } });
    expect(res.status).toBe(403);
    expect(res.body.Message).toBe(USER_ERRORS.selfDemote);
    expect((await asAdmin(updateRole, '/api/Role/updateUserRole', { method: 'PUT', body: { RoleId: roles.Admin, UserId: who.admin.id } })).status).toBe(200);
    expect((await call(getRoles, '/api/Role/getRoles', { token: adminToken })).status).toBe(200);
  });
});

describe('the last active Admin', () => {
  // Only reachable when the acting Admin is not an active Admin any more (e.g. demoted a moment
  // ago by a request still in flight): the domain functions are called with such an actor.
  test('cannot be demoted, blocked or deleted (409); nothing changes', async () => {
    const last = await user({ role: 'Admin' });
    const others = await sql<{ id: number }>(
      `SELECT u.id FROM app_user u JOIN role r ON r.id = u.role_id WHERE r.name = 'Admin' AND NOT u.is_blocked AND NOT u.is_deleted AND u.id <> $1`,
      [last.id],
    );
    const ids = others.map((o) => o.id);
    await sql(`UPDATE app_user SET is_blocked = true WHERE id = ANY($1::int[])`, [ids]);
    try {
      const ghost = { userId: who.other.id, userName: 'x', roles: ['Admin' as const] };
      await expect(updateUserRole(ghost, { RoleId: roles.User, UserId: last.id })).rejects.toMatchObject({ code: 'CONFLICT', message: USER_ERRORS.lastAdmin });
      await expect(updateUserAccess(ghost, { IsBlocked: true, UserId: last.id })).rejects.toMatchObject({ code: 'CONFLICT' });
      await expect(deleteUser(ghost, last.id)).rejects.toMatchObject({ code: 'CONFLICT' });
      const row = await sql<{ role: string; is_blocked: boolean; is_deleted: boolean }>(
        `SELECT r.name AS role, u.is_blocked, u.is_deleted FROM app_user u JOIN role r ON r.id = u.role_id WHERE u.id = $1`,
        [last.id],
      );
      expect(row[0]).toEqual({ role: 'Admin', is_blocked: false, is_deleted: false });
      // With a second active Admin the same demotion goes through.
      const second = await user({ role: 'Admin' });
      await expect(updateUserRole(ghost, { RoleId: roles.User, UserId: last.id })).resolves.toMatchObject({ Role: 'User' });
      await expect(updateUserAccess(ghost, { IsBlocked: true, UserId: second.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    } finally {
      await sql(`UPDATE app_user SET is_blocked = false WHERE id = ANY($1::int[])`, [ids]);
    }
  });

  test('two Admins demoting each other at the same moment: exactly one succeeds', async () => {
    const a = await user({ role: 'Admin' });
    const b = await user({ role: 'Admin' });
    const others = await sql<{ id: number }>(
      `SELECT u.id FROM app_user u JOIN role r ON r.id = u.role_id WHERE r.name = 'Admin' AND NOT u.is_blocked AND NOT u.is_deleted AND u.id <> ALL($1::int[])`,
      [[a.id, b.id]],
    );
    const ids = others.map((o) => o.id);
    await sql(`UPDATE app_user SET is_blocked = true WHERE id = ANY($1::int[])`, [ids]);
    try {
      const results = await Promise.allSettled([
        updateUserRole({ userId: a.id, userName: a.userName, roles: ['Admin'] }, { RoleId: roles.User, UserId: b.id }),
        updateUserRole({ userId: b.id, userName: b.userName, roles: ['Admin'] }, { RoleId: roles.User, UserId: a.id }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const admins = await sql(`SELECT 1 FROM app_user u JOIN role r ON r.id = u.role_id WHERE r.name = 'Admin' AND u.id = ANY($1::int[])`, [[a.id, b.id]]);
      expect(admins).toHaveLength(1);
    } finally {
      await sql(`UPDATE app_user SET is_blocked = false WHERE id = ANY($1::int[])`, [ids]);
    }
  });
});

describe('DELETE /api/User/{id}', () => {
  test('an Admin cannot delete themself (403)', async () => {
    const res = await asAdmin(deleteUserRoute, `/api/User/${who.admin.id}`, { method: 'DELETE', params: { id: String(who.admin.id) } });
    expect(res.status).toBe(403);
    expect(res.body.Message).toBe(USER_ERRORS.selfDelete);
  });

  test('personal data goes, shared work stays with a tombstone author, the session ends, the address is free again', async () => {
    const gone = await user({ emailVerified: true });
    const editor = await user();
    const viewer = await user();
    const stranger = await user();
    const token = await tokenOf(gone);

    // Groups: one shared with a viewer and an editor (the editor inherits it), one shared with a
    // viewer only (the viewer inherits it), one private (deleted), one of a stranger (membership ends).
    const shared = await addGroup(gone, [
      { user: viewer, access: 'View' },
      { user: editor, access: 'Edit' },
    ]);
    const viewed = await addGroup(gone, [{ user: viewer, access: 'View' }]);
    const alone = await addGroup(gone);
    const theirs = await addGroup(stranger, [{ user: gone, access: 'Edit' }]);
    await sql(`INSERT INTO group_invitation (id, group_id, email, access, invited_by_id) VALUES (gen_random_uuid(), $1, $2, 'View', $3)`, [theirs, gone.email, stranger.id]);
    // A comment in the stranger's group.
    const cg = await sql<{ id: number }>(`INSERT INTO company_in_group (group_id, cui, added_by_id) VALUES ($1, $2, $3) RETURNING id`, [theirs, companies[0].cui, stranger.id]);
    const comment = await sql<{ id: number }>(
      `INSERT INTO company_comment (company_group_id, cui, content, created_by_id) VALUES ($1, $2, 'Un comentariu', $3) RETURNING id`,
      [cg[0].id, companies[0].cui, gone.id],
    );
    // Mail: a template, a draft and a sent mailing.
    const tpl = await sql<{ id: number }>(`INSERT INTO mail_template (name, content, owner_id, updated_at) VALUES ('Ofertă', '{}', $1, now()) RETURNING id`, [gone.id]);
    const draft = await sql<{ id: number }>(`INSERT INTO grouped_mail (template_id, name, content, created_by_id) VALUES ($1, 'Draft', '{}', $2) RETURNING id`, [tpl[0].id, gone.id]);
    const sent = await sql<{ id: number }>(
      `INSERT INTO grouped_mail (template_id, name, content, created_by_id, sent_on) VALUES ($1, 'Trimis', '{}', $2, now()) RETURNING id`,
      [tpl[0].id, gone.id],
    );
    await sql(`INSERT INTO mail_send (grouped_mail_id, cui, email, status, tracking_id, message_id) VALUES ($1, $2, 'firma@exemplu.ro', 'Trimis', gen_random_uuid(), '<' || gen_random_uuid() || '@radarfirme.ro>')`, [sent[0].id, companies[0].cui]);
    // Contacts: one public, one private.
    const pub = await addContact(gone, companies[0].cui);
    const priv = await addContact(gone, companies[1].cui, { isPrivate: true });
    // A claim request.
    await sql(`INSERT INTO claim_request (cui, user_id, name, phone, email) VALUES ($1, $2, 'Ion', '0721234567', $3)`, [companies[0].cui, gone.id, gone.email]);

    const res = await asAdmin(deleteUserRoute, `/api/User/${gone.id}`, { method: 'DELETE', params: { id: String(gone.id) } });
    expect(res.status).toBe(204);

    // The account: anonymous tombstone, no way in.
    const row = await sql<Record<string, unknown>>(
      `SELECT u.user_name, u.email, u.password_hash, u.email_verified, u.is_deleted, r.name AS role FROM app_user u JOIN role r ON r.id = u.role_id WHERE u.id = $1`,
      [gone.id],
    );
    expect(row[0]).toMatchObject({ user_name: `Utilizator șters #${gone.id}`, password_hash: null, email_verified: null, is_deleted: true, role: 'User' });
    expect(String(row[0].email)).not.toContain(gone.email.split('@')[0]);
    expect((await call(userDetails, '/api/Auth/userDetails', { token })).status).toBe(401);
    expect((await call(login, '/api/Auth/login', { body: { Email: gone.email, Password: gone.password } })).status).toBe(401);
    for (const table of ['refresh_token', 'password_reset_token', 'external_account', 'claim_request']) {
      expect([table, (await sql(`SELECT 1 FROM ${table} WHERE user_id = $1`, [gone.id])).length]).toEqual([table, 0]);
    }
    expect(await sql(`SELECT 1 FROM group_invitation WHERE email = $1`, [gone.email])).toHaveLength(0);
    expect((await asAdmin(getUser, `/api/User/getUser?userId=${gone.id}`)).status).toBe(404);
    expect((await asAdmin(deleteUserRoute, `/api/User/${gone.id}`, { method: 'DELETE', params: { id: String(gone.id) } })).status).toBe(404);

    // Groups.
    const groups = await sql<{ id: number; owner_id: number; is_deleted: boolean }>(`SELECT id, owner_id, is_deleted FROM company_group_list WHERE id = ANY($1::int[]) ORDER BY id`, [
      [shared, viewed, alone, theirs],
    ]);
    expect(groups).toEqual([
      { id: shared, owner_id: editor.id, is_deleted: false },
      { id: viewed, owner_id: viewer.id, is_deleted: false },
      { id: alone, owner_id: gone.id, is_deleted: true },
      { id: theirs, owner_id: stranger.id, is_deleted: false },
    ]);
    const heirs = await sql<{ group_id: number; access: string; is_owner: boolean }>(
      `SELECT group_id, access, is_owner FROM group_member WHERE (group_id, user_id) IN (($1, $2), ($3, $4)) ORDER BY group_id`,
      [shared, editor.id, viewed, viewer.id],
    );
    expect(heirs).toEqual([
      { group_id: shared, access: 'Edit', is_owner: true },
      { group_id: viewed, access: 'Edit', is_owner: true },
    ]);
    expect(await sql(`SELECT 1 FROM group_member WHERE user_id = $1 AND NOT is_deleted`, [gone.id])).toHaveLength(0);
    // Shared work stays: the comment, the sent mailing; templates and drafts are gone.
    expect(await sql(`SELECT 1 FROM company_comment WHERE id = $1 AND NOT is_deleted`, [comment[0].id])).toHaveLength(1);
    const mails = await sql<{ id: number; is_deleted: boolean }>(`SELECT id, is_deleted FROM grouped_mail WHERE id = ANY($1::int[]) ORDER BY id`, [[draft[0].id, sent[0].id]]);
    expect(mails).toEqual([
      { id: draft[0].id, is_deleted: true },
      { id: sent[0].id, is_deleted: false },
    ]);
    expect(await sql(`SELECT 1 FROM mail_send WHERE grouped_mail_id = $1`, [sent[0].id])).toHaveLength(1);
    expect((await sql<{ is_deleted: boolean }>(`SELECT is_deleted FROM mail_template WHERE id = $1`, [tpl[0].id]))[0].is_deleted).toBe(true);
    const contacts = await sql<{ id: number; is_deleted: boolean }>(`SELECT id, is_deleted FROM contact WHERE id = ANY($1::int[]) ORDER BY id`, [[pub, priv]]);
    expect(contacts).toEqual([
      { id: pub, is_deleted: false },
      { id: priv, is_deleted: true },
    ]);

    // The address can register again, as a new account.
    const again = await call(register, '/api/Account/register', {
      body: { UserName: `Revenit ${uniq()}`, Email: gone.email, Password: STRONG_PASSWORD, ConfirmPassword: STRONG_PASSWORD },
    });
    expect(again.status).toBe(200);
    expect(again.body.UserId).not.toBe(gone.id);
    made.push({ id: again.body.UserId, email: gone.email, userName: again.body.UserName, password: STRONG_PASSWORD });
    // Nobody can register the tombstone's name.
    const clash = await call(register, '/api/Account/register', {
      body: { UserName: `utilizator sters #${gone.id}`, Email: `t.${uniq()}@exemplu.ro`, Password: STRONG_PASSWORD, ConfirmPassword: STRONG_PASSWORD },
    });
    expect(clash.status).toBe(409);
  });
});

describe('DELETE /api/User/{id}: nothing of the person is left (GDPR)', () => {
  /** The tables (every column, the row as text) holding `needle`, with their row counts. */
  const where = async (needle: string) => {
    const tables = await sql<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
    const found: string[] = [];
    // The audit trail is the one legal record kept (docs/decisions/060): append-only, Admins only.
    for (const { table_name: t } of tables.filter((x) => x.table_name !== 'audit_entry')) {
      const n = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM "${t}" x WHERE strpos(lower(x::text), lower($1)) > 0`, [needle]);
      if (n[0].n) found.push(`${t}: ${n[0].n}`);
    }
    return found;
  };

  test('an address an Admin changed earlier: its reset link stops working, its invitations follow the person, and after the delete neither address is left', async () => {
    const person = await user({ emailVerified: true });
    const owner = await user();
    const group = await addGroup(owner);
    const oldAddress = person.email;
    const newAddress = `nou.${uniq()}@exemplu.ro`;
    for (const status of ['Pending', 'Accepted']) {
      await sql(`INSERT INTO group_invitation (id, group_id, email, access, invited_by_id, status) VALUES (gen_random_uuid(), $1, $2, 'View', $3, $4)`, [
        group,
        oldAddress,
        owner.id,
        status,
      ]);
    }
    await sql(`INSERT INTO outbox_mail ("to", subject, html, text, kind, status) VALUES ($1, 'Resetare', '<p>link</p>', 'link', 'password-reset', 'Queued')`, [oldAddress]);
    await sql(`INSERT INTO password_reset_token (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [person.id, uniq().padEnd(64, '0')]);

    const res = await asAdmin(updateUserRoute, '/api/User/updateUser', { method: 'PUT', body: { Id: person.id, UserName: person.userName, Email: newAddress } });
    expect(res.status).toBe(200);
    expect(await sql(`SELECT 1 FROM password_reset_token WHERE user_id = $1`, [person.id])).toHaveLength(0);
    expect(await where(oldAddress)).toEqual([]);
    expect((await sql<{ status: string }>(`SELECT status FROM group_invitation WHERE email = $1 ORDER BY status`, [newAddress])).map((r) => r.status)).toEqual([
      'Accepted',
      'Pending',
    ]);

    expect((await asAdmin(deleteUserRoute, `/api/User/${person.id}`, { method: 'DELETE', params: { id: String(person.id) } })).status).toBe(204);
    expect(await where(oldAddress)).toEqual([]);
    expect(await where(newAddress)).toEqual([]);
  });

  test('invitations of every status, mails to them and about them, reset links, sessions, counters, claims, template and draft content: the name and address appear nowhere', async () => {
    const gone = await user({ emailVerified: true, userName: `Ana Pop ${uniq()}` });
    const owner = await user();
    const friend = await user();
    const other = `altcineva.${uniq()}@exemplu.ro`;
    const claimAddress = `pretindere.${uniq()}@exemplu.ro`;
    const group = await addGroup(owner);
    const ownGroup = await addGroup(gone, [{ user: friend, access: 'View' }]);

    // Invitations addressed to them, in every status; one they sent to someone else.
    for (const status of ['Pending', 'Accepted', 'Rejected', 'Replaced']) {
      await sql(`INSERT INTO group_invitation (id, group_id, email, access, invited_by_id, status) VALUES (gen_random_uuid(), $1, $2, 'View', $3, $4)`, [
        group,
        gone.email,
        owner.id,
        status,
      ]);
    }
    const sentInvite = await sql<{ id: string }>(
      `INSERT INTO group_invitation (id, group_id, email, access, invited_by_id) VALUES (gen_random_uuid(), $1, $2, 'View', $3) RETURNING id::text`,
      [ownGroup, other, gone.id],
    );
    // Outbox: every kind of mail to them, in every status; a claim decision to the address typed in
    // the claim; the invitation they sent (names them in the subject-less body); an unrelated mail.
    const outbox = (to: string, kind: string, status: string, body: string) =>
      sql(`INSERT INTO outbox_mail ("to", subject, html, text, kind, status) VALUES ($1, $2, $3, $4, $5, $6)`, [to, `Subiect ${kind}`, `<p>${body}</p>`, body, kind, status]);
    await outbox(gone.email, 'welcome', 'Sent', `Bună, ${gone.userName}!`);
    await outbox(gone.email, 'password-reset', 'Queued', `Bună, ${gone.userName}! Resetare`);
    await outbox(gone.email, 'group-invitation', 'Failed', `${owner.userName} te invită`);
    await outbox(claimAddress, 'claim-decision', 'Sent', 'Cererea ta a fost aprobată');
    await outbox(other, 'group-invitation', 'Queued', `${gone.userName} te invită să vizualizezi activitatea grupului`);
    await outbox(other, 'welcome', 'Sent', 'Bună, altcineva!');
    // Sign-in state: a session, a reset link, an external identity, the counters keyed by the address.
    await issueSession(gone.id, { longLived: true });
    await sql(`INSERT INTO password_reset_token (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [gone.id, uniq().padEnd(64, '0')]);
    await sql(`INSERT INTO external_account (user_id, provider, provider_account_id) VALUES ($1, 'google', $2)`, [gone.id, `g-${uniq()}`]);
    for (const key of [`login:account:${gone.email}`, `forgot:email:${gone.email}`, `claim:user:${gone.id}`]) {
      await sql(`INSERT INTO rate_limit (key, window_start, count) VALUES ($1, now(), 1)`, [key]);
    }
    // A claim with their name, phone and another address; a template and a draft that name them.
    await sql(`INSERT INTO claim_request (cui, user_id, name, phone, email, status) VALUES ($1, $2, $3, '0721234567', $4, true)`, [
      companies[0].cui,
      gone.id,
      gone.userName,
      claimAddress,
    ]);
    await sql(`INSERT INTO mail_template (name, description, content, owner_id, updated_at) VALUES ('Ofertă', $2, $3, $1, now())`, [
      gone.id,
      `Semnat ${gone.userName}`,
      JSON.stringify({ mjml: `<mj-text>${gone.userName}, ${gone.email}</mj-text>` }),
    ]);
    await sql(`INSERT INTO grouped_mail (name, description, content, html, created_by_id) VALUES ('Draft', $2, $3, $3, $1)`, [
      gone.id,
      `De la ${gone.email}`,
      `<p>${gone.userName}</p>`,
    ]);

    // Every table of the database, every column (the row as text): the name and the address are there now ...
    expect((await where(gone.email)).length).toBeGreaterThanOrEqual(5);
    expect((await where(gone.userName)).length).toBeGreaterThanOrEqual(5);
    expect((await where(claimAddress)).sort()).toEqual(['claim_request: 1', 'outbox_mail: 1']);

    const res = await asAdmin(deleteUserRoute, `/api/User/${gone.id}`, { method: 'DELETE', params: { id: String(gone.id) } });
    expect(res.status).toBe(204);

    // ... and nowhere after the delete.
    expect(await where(gone.email)).toEqual([]);
    expect(await where(gone.userName)).toEqual([]);
    expect(await where(claimAddress)).toEqual([]);
    // What other people keep: the invitation they were sent (with the tombstone as the inviter) and their own mail.
    const mailToOther = await sql<{ kind: string; html: string; text: string }>(`SELECT kind, html, text FROM outbox_mail WHERE "to" = $1 ORDER BY kind`, [other]);
    expect(mailToOther.map((m) => m.kind)).toEqual(['group-invitation', 'welcome']);
    expect(mailToOther[0].text).toBe(`Utilizator șters #${gone.id} te invită să vizualizezi activitatea grupului`);
    expect(mailToOther[0].html).toContain(`Utilizator șters #${gone.id} te invită`);
    expect(await sql(`SELECT 1 FROM group_invitation WHERE id = $1::uuid`, [sentInvite[0].id])).toHaveLength(1);
    expect(await sql(`SELECT 1 FROM rate_limit WHERE key = $1`, [`claim:user:${gone.id}`])).toHaveLength(0);
    await sql(`DELETE FROM outbox_mail WHERE "to" = $1`, [other]);
  });
});

describe('a user\'s contacts', () => {
  let owner: TestUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    owner = await user();
    const [a, b, c] = companies;
    ids.anaA = await addContact(owner, a.cui, { name: 'Ana Pop', phone: '0722000001', email: 'ana@exemplu.ro' });
    ids.dinuB = await addContact(owner, b.cui, { name: 'Dinu Rus', phone: '0722000003', email: 'dinu@exemplu.ro', isPrivate: true });
    ids.bogdanB = await addContact(owner, b.cui, { name: 'Bogdan Ilie', phone: '0722000002', email: 'bogdan@exemplu.ro' });
    ids.deleted = await addContact(owner, c.cui, { name: 'Șters', deleted: true });
    // Another user's contact and a public company contact are not this user's.
    ids.others = await addContact(who.other, c.cui, { name: 'Alt Om' });
    const pub = await sql<{ id: number }>(`INSERT INTO contact (cui, name, updated_at) VALUES ($1, 'Public', now()) RETURNING id`, [a.cui]);
    ids.public = pub[0].id;
  });

  afterAll(async () => {
    await sql(`DELETE FROM contact WHERE id = $1`, [ids.public]);
  });

  const contacts = async (query: string) => {
    const res = await asAdmin(getUserContacts, `/api/Contact/getUserContacts?UserId=${owner.id}&${query}`);
    expect(res.status).toBe(200);
    return res.body as { Items: Array<Record<string, unknown>>; Count: number; NumberOfPages: number };
  };

  test('the companies dropdown lists each company once, by name, searchable; deleted contacts do not count', async () => {
    const res = await asAdmin(getCompanies, `/api/Company/getCompapaniesWithUserContacts?userId=${owner.id}`);
    expect(res.body).toEqual([
      { Cui: companies[0].cui, Company: companies[0].name },
      { Cui: companies[1].cui, Company: companies[1].name },
    ]);
    const word = companies[1].name.split(' ')[0].toLowerCase();
    const searched = await asAdmin(getCompanies, `/api/Company/getCompapaniesWithUserContacts?userId=${owner.id}&searchText=${encodeURIComponent(word)}`);
    expect(searched.body).toContainEqual({ Cui: companies[1].cui, Company: companies[1].name });
  });

  test('lists the user\'s contacts with the private ones, CompanyName ascending by default', async () => {
    const b = await contacts('');
    expect(b.Count).toBe(3);
    expect(b.Items.map((i) => i.Id)).toEqual([ids.anaA, ids.dinuB, ids.bogdanB]);
    expect(b.Items[0]).toEqual({
      Id: ids.anaA,
      Name: 'Ana Pop',
      Role: 'Director',
      PhoneNumber: '0722000001',
      Email: 'ana@exemplu.ro',
      Private: false,
      CompanyName: companies[0].name,
      Cui: companies[0].cui,
    });
    expect(b.Items.find((i) => i.Id === ids.dinuB)).toMatchObject({ Private: true });
  });

  test('Cui filters one company (-1 = all), SearchText finds the representative, sorts by Name, PhoneNumber, Email', async () => {
    expect((await contacts(`Cui=${companies[1].cui}`)).Items.map((i) => i.Name).sort()).toEqual(['Bogdan Ilie', 'Dinu Rus']);
    expect((await contacts('Cui=-1')).Count).toBe(3);
    expect((await contacts('SearchText=bogdan')).Items.map((i) => i.Name)).toEqual(['Bogdan Ilie']);
    expect((await contacts('OrderBy=Name')).Items.map((i) => i.Name)).toEqual(['Ana Pop', 'Bogdan Ilie', 'Dinu Rus']);
    expect((await contacts('OrderBy=Name_desc')).Items.map((i) => i.Name)).toEqual(['Dinu Rus', 'Bogdan Ilie', 'Ana Pop']);
    expect((await contacts('OrderBy=PhoneNumber_desc')).Items.map((i) => i.PhoneNumber)).toEqual(['0722000003', '0722000002', '0722000001']);
    expect((await contacts('OrderBy=Email')).Items.map((i) => i.Email)).toEqual(['ana@exemplu.ro', 'bogdan@exemplu.ro', 'dinu@exemplu.ro']);
    expect((await contacts('OrderBy=CompanyName_desc')).Items[2].Id).toBe(ids.anaA);
  });

  test('bad filters answer 400', async () => {
    for (const q of ['Cui=0', 'Cui=abc', 'OrderBy=Password', 'PageNumber=-1']) {
      expect([q, (await asAdmin(getUserContacts, `/api/Contact/getUserContacts?UserId=${owner.id}&${q}`)).status]).toEqual([q, 400]);
    }
    expect((await asAdmin(getUserContacts, '/api/Contact/getUserContacts')).status).toBe(400);
  });

  test('pages of 10 contacts', async () => {
    const many = await user();
    for (let i = 0; i < 12; i++) await addContact(many, companies[i % 3].cui, { name: `Reprezentant ${String(i).padStart(2, '0')}` });
    const p2 = await asAdmin(getUserContacts, `/api/Contact/getUserContacts?UserId=${many.id}&OrderBy=Name&PageNumber=2`);
    expect([p2.body.Count, p2.body.NumberOfPages]).toEqual([12, 2]);
    expect(p2.body.Items.map((i: { Name: string }) => i.Name)).toEqual(['Reprezentant 10', 'Reprezentant 11']);
  });

  test('updatePrivacy sets private and public; a company\'s public contact, a deleted one or a missing one is 404', async () => {
    const toPrivate = await asAdmin(updatePrivacy, '/api/Contact/updatePrivacy', { method: 'PUT', body: { Private: true, Id: ids.anaA } });
    expect(toPrivate.status).toBe(200);
    expect(toPrivate.body).toEqual({ Id: ids.anaA, Private: true });
    expect((await sql<{ is_private: boolean }>(`SELECT is_private FROM contact WHERE id = $1`, [ids.anaA]))[0].is_private).toBe(true);
    await asAdmin(updatePrivacy, '/api/Contact/updatePrivacy', { method: 'PUT', body: { Private: false, Id: ids.anaA } });
    expect((await sql<{ is_private: boolean }>(`SELECT is_private FROM contact WHERE id = $1`, [ids.anaA]))[0].is_private).toBe(false);

    expect((await asAdmin(updatePrivacy, '/api/Contact/updatePrivacy', { method: 'PUT', body: { Private: true, Id: ids.public } })).status).toBe(404);
    expect((await asAdmin(updatePrivacy, '/api/Contact/updatePrivacy', { method: 'PUT', body: { Private: true, Id: ids.deleted } })).status).toBe(404);
    expect((await asAdmin(updatePrivacy, '/api/Contact/updatePrivacy', { method: 'PUT', body: { Private: 'da', Id: ids.anaA } })).status).toBe(400);
    expect((await sql<{ is_private: boolean }>(`SELECT is_private FROM contact WHERE id = $1`, [ids.public]))[0].is_private).toBe(false);
  });

  test('the privacy switch moves the company\'s HasEmail / HasPhone search flags with it', async () => {
    // A company with no contact at all, so the one contact added here decides its flags.
    const [{ cui }] = await sql<{ cui: number }>(
      `SELECT c.cui FROM company c WHERE NOT EXISTS (SELECT 1 FROM contact k WHERE k.cui = c.cui) ORDER BY c.cui LIMIT 1`,
    );
    const owner = await user();
    const id = await addContact(owner, cui, { email: 'flag@exemplu.ro', phone: '0722000111' });
    await sql(`UPDATE company SET has_email = true, has_phone = true WHERE cui = $1`, [cui]);
    const flags = async () => (await sql<{ has_email: boolean; has_phone: boolean }>(`SELECT has_email, has_phone FROM company WHERE cui = $1`, [cui]))[0];

    expect((await asAdmin(updatePrivacy, '/api/Contact/updatePrivacy', { method: 'PUT', body: { Private: true, Id: id } })).status).toBe(200);
    expect(await flags()).toEqual({ has_email: false, has_phone: false });
    expect((await asAdmin(updatePrivacy, '/api/Contact/updatePrivacy', { method: 'PUT', body: { Private: false, Id: id } })).status).toBe(200);
    expect(await flags()).toEqual({ has_email: true, has_phone: true });
  });
});
