// The Admin audit trail (issue 30, docs/decisions/060): every Admin action leaves an entry with
// who, when, what and the value before; nobody can change or remove an entry; only an Admin
// reads the list, with its filters.
import { GET as getEntries } from '@/app/api/Audit/getEntries/route';
import { PUT as updateUserRoute } from '@/app/api/User/updateUser/route';
import { PUT as updateAccess } from '@/app/api/User/updateUserAccess/route';
import { PUT as updateRole } from '@/app/api/Role/updateUserRole/route';
import { PUT as updatePrivacy } from '@/app/api/Contact/updatePrivacy/route';
import { DELETE as deleteUserRoute } from '@/app/api/User/[id]/route';
import { POST as updateClaim } from '@/app/api/Company/UpdateRequestCompanyStatus/route';
import { sql } from '@/server/kernel/db';
import { call, isolateMail } from './support/auth';
import { callAs, dropActors, makeActors, statusesAs, type Actors } from './support/authz';
import { createUser, deleteUsers, uniq, type TestUser } from '../factories/users';

let who: Actors;
const made: TestUser[] = [];
let cui: number;
type Entry = { Id: string; ActorId: number; ActorName: string; Action: string; TargetType: string; TargetId: string; Before: unknown; After: unknown; CreatedAt: string };

beforeAll(async () => {
  isolateMail();
  who = await makeActors();
  [{ cui }] = await sql<{ cui: number }>(`SELECT cui FROM company ORDER BY cui LIMIT 1 OFFSET 7`);
});

afterAll(async () => {
  await sql(`DELETE FROM claim_request WHERE cui = $1`, [cui]);
  await sql(`DELETE FROM contact WHERE cui = $1 AND name = 'Contact Audit'`, [cui]);
  await dropActors(who);
  await deleteUsers(...made);
});

const asAdmin = (handler: Parameters<typeof call>[0], path: string, opts: Parameters<typeof call>[2] = {}) => callAs('admin', who, () => ({ handler, path, ...opts }));
const entriesFor = async (targetType: string, targetId: number | string) =>
  (await asAdmin(getEntries, `/api/Audit/getEntries?targetType=${targetType}&targetId=${targetId}&pageSize=100`)).body as { Items: Entry[]; Count: number };

describe('GET /api/Audit/getEntries', () => {
  it('answers the Admin only', async () => {
    expect(await statusesAs(who, () => ({ handler: getEntries, path: '/api/Audit/getEntries' }))).toEqual({ anonymous: 401, other: 403, admin: 200, owner: 403 });
  });

  it('refuses bad filters with a 400 in Romanian, never a 500', async () => {
    for (const q of ['action=user.nimic', 'from=2026-13-45', 'from=ieri', 'actorId=abc']) {
      const r = await asAdmin(getEntries, `/api/Audit/getEntries?${q}`);
      expect(r.status).toBe(400);
    }
  });
});

describe('every Admin action on a user is recorded with the value before', () => {
  it('edit, block, unblock, role, delete: who, what, before and after, newest first', async () => {
    const person = await createUser();
    made.push(person);
    const newEmail = `audit.${uniq()}@exemplu.ro`;
    expect((await asAdmin(updateUserRoute, '/api/User/updateUser', { method: 'PUT', body: { Id: person.id, UserName: person.userName, Email: newEmail } })).status).toBe(200);
    expect((await asAdmin(updateAccess, '/api/User/updateUserAccess', { method: 'PUT', body: { UserId: person.id, IsBlocked: true } })).status).toBe(200);
    expect((await asAdmin(updateAccess, '/api/User/updateUserAccess', { method: 'PUT', body: { UserId: person.id, IsBlocked: false } })).status).toBe(200);
    const [{ id: adminRole }] = await sql<{ id: number }>(`SELECT id FROM role WHERE name = 'Admin'`);
    expect((await asAdmin(updateRole, '/api/Role/updateUserRole', { method: 'PUT', body: { UserId: person.id, RoleId: adminRole } })).status).toBe(200);
    expect((await asAdmin(deleteUserRoute, `/api/User/${person.id}`, { method: 'DELETE', params: { id: String(person.id) } })).status).toBe(204);

    const { Items, Count } = await entriesFor('user', person.id);
    expect(Count).toBe(5);
    expect(Items.map((e) => e.Action)).toEqual(['user.delete', 'user.role', 'user.unblock', 'user.block', 'user.update']);
    expect(Items.every((e) => e.ActorId === who.admin.id && e.ActorName === who.admin.userName)).toBe(true);
    const byAction = Object.fromEntries(Items.map((e) => [e.Action, e]));
    expect(byAction['user.update']).toMatchObject({ Before: { UserName: person.userName, Email: person.email }, After: { Email: newEmail } });
    expect(byAction['user.block']).toMatchObject({ Before: { IsBlocked: false }, After: { IsBlocked: true } });
    expect(byAction['user.unblock']).toMatchObject({ Before: { IsBlocked: true }, After: { IsBlocked: false } });
    expect(byAction['user.role']).toMatchObject({ Before: { Role: 'User' }, After: { Role: 'Admin' } });
    // The delete's entry names the account by its id only: the name and address are what it erases.
    expect(byAction['user.delete']).toMatchObject({ Before: { Role: 'Admin' }, After: null });
  });

  it('a refused action (the Admin blocking themselves) leaves no entry', async () => {
    const r = await asAdmin(updateAccess, '/api/User/updateUserAccess', { method: 'PUT', body: { UserId: who.admin.id, IsBlocked: true } });
    expect(r.status).toBe(403);
    expect((await entriesFor('user', who.admin.id)).Count).toBe(0);
  });

  it('a claim decision and a contact privacy change are recorded', async () => {
    const [claim] = await sql<{ id: number }>(
      `INSERT INTO claim_request (cui, user_id, name, phone, email) VALUES ($1, $2, 'Ion Claim', '0721000000', $3) RETURNING id`,
      [cui, who.owner.id, who.owner.email],
    );
    expect((await asAdmin(updateClaim, `/api/Company/UpdateRequestCompanyStatus?requestCompanyId=${claim.id}&status=false`, { method: 'POST' })).status).toBe(200);
    expect((await entriesFor('claim', claim.id)).Items).toEqual([expect.objectContaining({ Action: 'claim.decision', Before: { Status: null }, After: { Status: false } })]);

    const [contact] = await sql<{ id: number }>(
      `INSERT INTO contact (cui, user_id, name, email, is_private, updated_at) VALUES ($1, $2, 'Contact Audit', 'contact.audit@exemplu.ro', false, now()) RETURNING id`,
      [cui, who.owner.id],
    );
    expect((await asAdmin(updatePrivacy, '/api/Contact/updatePrivacy', { method: 'PUT', body: { Id: contact.id, Private: true } })).status).toBe(200);
    expect((await entriesFor('contact', contact.id)).Items).toEqual([expect.objectContaining({ Action: 'contact.privacy', Before: { Private: false }, After: { Private: true } })]);
  });

  it('filters by action, actor and day', async () => {
    const byAction = (await asAdmin(getEntries, '/api/Audit/getEntries?action=claim.decision&pageSize=100')).body as { Items: Entry[] };
    expect(byAction.Items.length).toBeGreaterThan(0);
    expect(byAction.Items.every((e) => e.Action === 'claim.decision')).toBe(true);
    const byActor = (await asAdmin(getEntries, `/api/Audit/getEntries?actorId=${who.other.id}`)).body as { Count: number };
    expect(byActor.Count).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const todays = (await asAdmin(getEntries, `/api/Audit/getEntries?actorId=${who.admin.id}&from=${today}&to=${today}`)).body as { Count: number };
    expect(todays.Count).toBeGreaterThanOrEqual(7);
    const past = (await asAdmin(getEntries, `/api/Audit/getEntries?actorId=${who.admin.id}&to=2020-01-01`)).body as { Count: number };
    expect(past.Count).toBe(0);
  });
});

describe('the trail is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, from any session', async () => {
    const [{ id }] = await sql<{ id: string }>(`SELECT id::text FROM audit_entry ORDER BY id DESC LIMIT 1`);
    await expect(sql(`UPDATE audit_entry SET action = 'user.update' WHERE id = $1::bigint`, [id])).rejects.toThrow(/append-only/);
    await expect(sql(`DELETE FROM audit_entry WHERE id = $1::bigint`, [id])).rejects.toThrow(/append-only/);
    await expect(sql(`TRUNCATE audit_entry`)).rejects.toThrow(/append-only/);
    expect(await sql(`SELECT 1 FROM audit_entry WHERE id = $1::bigint`, [id])).toHaveLength(1);
  });
});
