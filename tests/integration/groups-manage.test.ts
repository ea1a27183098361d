// Shared groups people can manage (docs/decisions/041, 042), through the route handlers on real
// PostgreSQL: the pending invitations of a group (list, revoke, resend), the invited user's own
// list, leaving a group, owner-only delete, and restoring a deleted group or template for 30 days.
// Every endpoint as owner, Edit member, View member, another user, Admin and anonymous.
import { env } from '@/server/kernel/env';
import { sql } from '@/server/kernel/db';
import { waitForBackgroundTasks } from '@/server/mail/background';
import { listMailbox } from '@/server/kernel/mailbox';
import { getInvitationSummary } from '@/server/groups/invitations';
import { GET as getGroup } from '@/app/api/Group/get/route';
import { GET as getGroups } from '@/app/api/Group/getGroups/route';
import { GET as getGroupsForEdit } from '@/app/api/Group/getGroupsForEdit/route';
import { GET as getMembers } from '@/app/api/Group/getGroupMembers/route';
import { DELETE as deleteGroup } from '@/app/api/Group/[id]/route';
import { POST as invite } from '@/app/api/Group/invite/route';
import { POST as acceptInvite } from '@/app/api/Group/acceptInvite/route';
import { GET as getGroupInvitations } from '@/app/api/Group/getGroupInvitations/route';
import { PUT as revokeInvite } from '@/app/api/Group/revokeInvite/route';
import { POST as resendInvite } from '@/app/api/Group/resendInvite/route';
import { GET as getMyInvitations } from '@/app/api/Group/getMyInvitations/route';
import { PUT as leaveGroup } from '@/app/api/Group/leaveGroup/route';
import { GET as getDeletedGroups } from '@/app/api/Group/getDeletedGroups/route';
import { PUT as restoreGroup } from '@/app/api/Group/restoreGroup/route';
import { GET as getCompanyGroups } from '@/app/api/Group/getCompanyGroups/route';
import { POST as addTemplate } from '@/app/api/MailTemplate/Add/route';
import { PUT as deleteTemplate } from '@/app/api/MailTemplate/virtualDelete/route';
import { GET as getTemplate } from '@/app/api/MailTemplate/get/route';
import { GET as getDeletedTemplates } from '@/app/api/MailTemplate/getDeletedMailTemplates/route';
import { PUT as restoreTemplate } from '@/app/api/MailTemplate/restore/route';
import { serializeDesign } from '@/lib/templates/design';
import { call, createUser, deleteUsers, type TestUser } from './support/auth';
import { tokenOf, type RouteCall } from './support/authz';
import { dropGroupCast, makeGroupCast, ORDER, type Cast, type Who } from './support/group-cast';
import { addCompany, addMember, createGroup, type TestGroup } from '../factories/groups';

let users: Cast;
let cuis: number[];

// The same addresses are invited many times here; the per-address daily quota has its own test
// (mail-abuse.test.ts).
const quota = { perRecipient: env.INVITE_DAILY_LIMIT_PER_RECIPIENT, perUser: env.INVITE_DAILY_LIMIT_PER_USER };
afterAll(() => {
  env.INVITE_DAILY_LIMIT_PER_RECIPIENT = quota.perRecipient;
  env.INVITE_DAILY_LIMIT_PER_USER = quota.perUser;
});

beforeAll(async () => {
  env.INVITE_DAILY_LIMIT_PER_RECIPIENT = 1000;
  env.INVITE_DAILY_LIMIT_PER_USER = 1000;
  ({ users, cuis } = await makeGroupCast(3));
});

afterAll(() => dropGroupCast(users));

const tokens = new Map<number, string>();
async function tokenFor(u: TestUser) {
  if (!tokens.has(u.id)) tokens.set(u.id, await tokenOf(u));
  return tokens.get(u.id)!;
}
async function as(who: Who | TestUser, r: RouteCall) {
  const token = who === 'anonymous' ? undefined : await tokenFor(typeof who === 'string' ? users[who] : who);
  return call(r.handler, r.path, { method: r.method, body: r.body, params: r.params, token });
}
async function matrix(build: (who: Who) => RouteCall | Promise<RouteCall>): Promise<Record<Who, number>> {
  const out = {} as Record<Who, number>;
  for (const who of ORDER) out[who] = (await as(who, await build(who))).status;
  return out;
}

async function sharedGroup(n = 0): Promise<TestGroup & { companyGroups: number[] }> {
  const g = await createGroup(users.owner);
  await addMember(g, users.editor, 'Edit');
  await addMember(g, users.viewer, 'View');
  const companyGroups: number[] = [];
  for (let i = 0; i < n; i++) companyGroups.push(await addCompany(g, cuis[i], users.owner));
  return { ...g, companyGroups };
}

const freshEmail = () => `invitat-${Math.random().toString(36).slice(2)}@exemplu.ro`;

/** Invites through the endpoint (as the owner) and returns the id of the mailed link. */
async function inviteAs(g: TestGroup, email: string, access: 'View' | 'Edit' = 'View', by: Who = 'owner'): Promise<string> {
  const r = await as(by, { handler: invite, method: 'POST', path: `/api/Group/invite?Email=${encodeURIComponent(email)}&GroupId=${g.id}&Access=${access}` });
  expect(r.status).toBe(200);
  const [row] = await sql<{ id: string }>(`SELECT id FROM group_invitation WHERE group_id = $1 AND email = $2 AND status = 'Pending'`, [g.id, email.toLowerCase()]);
  return row.id;
}

const WRITE = { anonymous: 401, other: 404, admin: 404, viewer: 403, editor: 200, owner: 200 };

describe('pending invitations of a group', () => {
  it('getGroupInvitations: owner and editors; viewers 403; others 404', async () => {
    const g = await sharedGroup();
    await inviteAs(g, freshEmail());
    expect(await matrix(() => ({ handler: getGroupInvitations, path: `/api/Group/getGroupInvitations?groupId=${g.id}` }))).toEqual(WRITE);
    expect((await as('owner', { handler: getGroupInvitations, path: `/api/Group/getGroupInvitations?groupId=abc` })).status).toBe(400);
  });

  it('lists only pending ones, newest first, with who sent them and when they expire; expired ones are flagged', async () => {
    const g = await sharedGroup();
    const a = freshEmail();
    const b = freshEmail();
    const idA = await inviteAs(g, a, 'Edit', 'editor');
    const idB = await inviteAs(g, b);
    await sql(`UPDATE group_invitation SET created_at = now() - interval '8 days' WHERE id = $1`, [idA]);
    const accepted = freshEmail();
    await sql(`INSERT INTO group_invitation (id, group_id, email, access, invited_by_id, status) VALUES (gen_random_uuid(), $1, $2, 'View', $3, 'Accepted')`, [g.id, accepted, users.owner.id]);
    const r = await as('owner', { handler: getGroupInvitations, path: `/api/Group/getGroupInvitations?groupId=${g.id}` });
    expect(r.status).toBe(200);
    expect(r.body.Count).toBe(2);
    expect(r.body.NumberOfPages).toBe(1);
    expect(r.body.Items).toEqual([
      { Id: idB, Email: b, Access: 'View', InvitedBy: users.owner.userName, SentOn: expect.any(String), ExpiresOn: expect.any(String), IsExpired: false },
      { Id: idA, Email: a, Access: 'Edit', InvitedBy: users.editor.userName, SentOn: expect.any(String), ExpiresOn: expect.any(String), IsExpired: true },
    ]);
    const first = r.body.Items[0];
    expect(new Date(first.ExpiresOn).getTime() - new Date(first.SentOn).getTime()).toBe(7 * 24 * 3600 * 1000);
  });

  it('revokeInvite: the link stops working at once; owner and editors only', async () => {
    const g = await sharedGroup();
    expect(await matrix(async () => ({ handler: revokeInvite, method: 'PUT', path: `/api/Group/revokeInvite?inviteId=${await inviteAs(g, freshEmail())}` }))).toEqual(WRITE);

    const guest = await createUser();
    try {
      const id = await inviteAs(g, guest.email);
      expect(await getInvitationSummary(id)).not.toBeNull();
      const r = await as('editor', { handler: revokeInvite, method: 'PUT', path: `/api/Group/revokeInvite?inviteId=${id}` });
      expect(r.status).toBe(200);
      expect(r.body.Message).toBe('Invitația a fost revocată.');
      expect((await as(guest, { handler: acceptInvite, method: 'POST', path: `/api/Group/acceptInvite?inviteId=${id}` })).status).toBe(404);
      expect(await getInvitationSummary(id)).toBeNull();
      const list = await as('owner', { handler: getGroupInvitations, path: `/api/Group/getGroupInvitations?groupId=${g.id}` });
      expect(list.body.Items.map((i: { Id: string }) => i.Id)).not.toContain(id);
      // Revoked once: a second revoke, or a resend, finds nothing.
      expect((await as('owner', { handler: revokeInvite, method: 'PUT', path: `/api/Group/revokeInvite?inviteId=${id}` })).status).toBe(404);
      expect((await as('owner', { handler: resendInvite, method: 'POST', path: `/api/Group/resendInvite?inviteId=${id}` })).status).toBe(404);
      expect((await as('owner', { handler: revokeInvite, method: 'PUT', path: `/api/Group/revokeInvite?inviteId=nu-e-uuid` })).status).toBe(400);
    } finally {
      await deleteUsers(guest);
    }
  });

  it('an invitation of another group answers like a missing one', async () => {
    const theirs = await createGroup(users.other);
    const [{ id }] = await sql<{ id: string }>(
      `INSERT INTO group_invitation (id, group_id, email, access, invited_by_id) VALUES (gen_random_uuid(), $1, $2, 'View', $3) RETURNING id`,
      [theirs.id, freshEmail(), users.other.id],
    );
    const r = await as('owner', { handler: revokeInvite, method: 'PUT', path: `/api/Group/revokeInvite?inviteId=${id}` });
    const none = await as('owner', { handler: revokeInvite, method: 'PUT', path: `/api/Group/revokeInvite?inviteId=00000000-0000-4000-8000-000000000000` });
    expect(r.status).toBe(404);
    expect(r.body).toEqual(none.body);
  });

  it('resendInvite: a new link and a new term through the invite path; the old link is dead', async () => {
    const g = await sharedGroup();
    expect(await matrix(async () => ({ handler: resendInvite, method: 'POST', path: `/api/Group/resendInvite?inviteId=${await inviteAs(g, freshEmail())}` }))).toEqual(WRITE);

    const guest = await createUser();
    try {
      const old = await inviteAs(g, guest.email, 'Edit');
      await sql(`UPDATE group_invitation SET created_at = now() - interval '9 days' WHERE id = $1`, [old]);
      const r = await as('editor', { handler: resendInvite, method: 'POST', path: `/api/Group/resendInvite?inviteId=${old}` });
      expect(r.status).toBe(200);
      expect(r.body.Message).toBe('Invitația a fost retrimisă cu succes!');
      await waitForBackgroundTasks();
      const rows = await sql<{ id: string; status: string; access: string; invited_by_id: number; fresh: boolean }>(
        `SELECT id, status, access, invited_by_id, created_at > now() - interval '1 minute' AS fresh FROM group_invitation WHERE group_id = $1 AND email = $2 ORDER BY created_at`,
        [g.id, guest.email.toLowerCase()],
      );
      expect(rows.map((x) => [x.id === old, x.status])).toEqual([
        [true, 'Replaced'],
        [false, 'Pending'],
      ]);
      const fresh = rows[1];
      expect(fresh).toMatchObject({ access: 'Edit', invited_by_id: users.editor.id, fresh: true });
      const mails = (await listMailbox(200, guest.email)).filter((m) => m.Links.some((l) => l.includes(fresh.id)));
      expect(mails).toHaveLength(1);
      expect((await as(guest, { handler: acceptInvite, method: 'POST', path: `/api/Group/acceptInvite?inviteId=${old}` })).status).toBe(404);
      expect((await as(guest, { handler: acceptInvite, method: 'POST', path: `/api/Group/acceptInvite?inviteId=${fresh.id}` })).status).toBe(200);
    } finally {
      await deleteUsers(guest);
    }
  });

  it('resend keeps the rules of a new invitation: an address that joined meanwhile is refused', async () => {
    const g = await sharedGroup();
    const joiner = await createUser();
    try {
      const id = await inviteAs(g, joiner.email);
      await addMember(g, joiner, 'View');
      const r = await as('owner', { handler: resendInvite, method: 'POST', path: `/api/Group/resendInvite?inviteId=${id}` });
      expect(r.status).toBe(409);
      expect(r.body.Message).toBe('Utilizatorul este deja membru al grupului.');
    } finally {
      await deleteUsers(joiner);
    }
  });
});

describe("the invited user's own invitations", () => {
  it('getMyInvitations: live invitations to the caller address only', async () => {
    const g = await sharedGroup();
    const g2 = await sharedGroup();
    const gone = await sharedGroup();
    const guest = await createUser();
    try {
      const live = await inviteAs(g, guest.email, 'Edit');
      const older = await inviteAs(g2, guest.email.toUpperCase());
      await sql(`UPDATE group_invitation SET created_at = now() - interval '1 day' WHERE id = $1`, [older]);
      const expired = await inviteAs(await sharedGroup(), guest.email);
      await sql(`UPDATE group_invitation SET created_at = now() - interval '8 days' WHERE id = $1`, [expired]);
      const revoked = await inviteAs(await sharedGroup(), guest.email);
      await as('owner', { handler: revokeInvite, method: 'PUT', path: `/api/Group/revokeInvite?inviteId=${revoked}` });
      await inviteAs(gone, guest.email);
      await as('owner', { handler: deleteGroup, method: 'DELETE', path: `/api/Group/${gone.id}`, params: { id: String(gone.id) } });

      const r = await as(guest, { handler: getMyInvitations, path: '/api/Group/getMyInvitations' });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        Items: [
          { Id: live, GroupId: g.id, GroupName: g.name, Access: 'Edit', InvitedBy: users.owner.userName, SentOn: expect.any(String), ExpiresOn: expect.any(String) },
          { Id: older, GroupId: g2.id, GroupName: g2.name, Access: 'View', InvitedBy: users.owner.userName, SentOn: expect.any(String), ExpiresOn: expect.any(String) },
        ],
        Count: 2,
        NumberOfPages: 1,
      });
      // Nobody else sees them: not the inviter, not another user, not an Admin.
      for (const who of ['owner', 'other', 'admin'] as const) {
        const theirs = await as(who, { handler: getMyInvitations, path: '/api/Group/getMyInvitations' });
        expect(theirs.status).toBe(200);
        expect(theirs.body.Items.map((i: { Id: string }) => i.Id)).not.toContain(live);
      }
      expect((await as('anonymous', { handler: getMyInvitations, path: '/api/Group/getMyInvitations' })).status).toBe(401);
      // Answered from the list: accepting one takes it off.
      expect((await as(guest, { handler: acceptInvite, method: 'POST', path: `/api/Group/acceptInvite?inviteId=${live}` })).status).toBe(200);
      const after = await as(guest, { handler: getMyInvitations, path: '/api/Group/getMyInvitations' });
      expect(after.body.Items.map((i: { Id: string }) => i.Id)).toEqual([older]);
    } finally {
      await deleteUsers(guest);
    }
  });
});

describe('leaving a group', () => {
  it('leaveGroup: members leave; the owner cannot (403); others 404', async () => {
    expect(await matrix(async () => ({ handler: leaveGroup, method: 'PUT', path: `/api/Group/leaveGroup?groupId=${(await sharedGroup()).id}` }))).toEqual({
      anonymous: 401,
      other: 404,
      admin: 404,
      viewer: 200,
      editor: 200,
      owner: 403,
    });
    const g = await sharedGroup(1);
    const owner = await as('owner', { handler: leaveGroup, method: 'PUT', path: `/api/Group/leaveGroup?groupId=${g.id}` });
    expect(owner.body.Message).toBe('Autorul grupului nu poate părăsi grupul; îl poate șterge.');
    const r = await as('editor', { handler: leaveGroup, method: 'PUT', path: `/api/Group/leaveGroup?groupId=${g.id}` });
    expect(r.status).toBe(200);
    expect(r.body.Message).toBe('Ați părăsit grupul.');
    expect((await as('editor', { handler: getGroup, path: `/api/Group/get?id=${g.id}` })).status).toBe(404);
    expect((await as('editor', { handler: getCompanyGroups, path: `/api/Group/getCompanyGroups?GroupId=${g.id}` })).status).toBe(404);
    expect((await as('editor', { handler: leaveGroup, method: 'PUT', path: `/api/Group/leaveGroup?groupId=${g.id}` })).status).toBe(404);
    const members = await as('owner', { handler: getMembers, path: `/api/Group/getGroupMembers?groupId=${g.id}` });
    expect(members.body.map((m: { UserName: string }) => m.UserName)).toEqual([users.owner.userName, users.viewer.userName]);
    const [{ member_count }] = await sql<{ member_count: number }>(`SELECT member_count FROM company_group_list WHERE id = $1`, [g.id]);
    expect(member_count).toBe(2);
    // Invited again, they come back.
    const id = await inviteAs(g, users.editor.email, 'View');
    expect((await as('editor', { handler: acceptInvite, method: 'POST', path: `/api/Group/acceptInvite?inviteId=${id}` })).status).toBe(200);
    expect((await as('editor', { handler: getGroup, path: `/api/Group/get?id=${g.id}` })).body).toMatchObject({ AccessToEdit: false });
  });
});

describe('deleting a group: the owner only', () => {
  it('DELETE /api/Group/{id}: editors and viewers get the refusal, others 404', async () => {
    expect(await matrix(async () => {
      const g = await sharedGroup();
      return { handler: deleteGroup, method: 'DELETE', path: `/api/Group/${g.id}`, params: { id: String(g.id) } };
    })).toEqual({ anonymous: 401, other: 404, admin: 404, viewer: 403, editor: 403, owner: 200 });
    const g = await sharedGroup();
    const r = await as('editor', { handler: deleteGroup, method: 'DELETE', path: `/api/Group/${g.id}`, params: { id: String(g.id) } });
    expect(r.body.Message).toBe('Doar autorul grupului poate șterge grupul.');
    expect((await as('viewer', { handler: getGroup, path: `/api/Group/get?id=${g.id}` })).status).toBe(200);
  });

  it('getGroupsForEdit says which groups the caller owns (the administration modal offers delete on those only)', async () => {
    const g = await sharedGroup();
    const mine = await as('owner', { handler: getGroupsForEdit, path: `/api/Group/getGroupsForEdit?searchText=${encodeURIComponent(g.name)}` });
    expect(mine.body).toEqual([{ Id: g.id, Name: g.name, CompaniesNumber: 0, IsOwner: true }]);
    const editor = await as('editor', { handler: getGroupsForEdit, path: `/api/Group/getGroupsForEdit?searchText=${encodeURIComponent(g.name)}` });
    expect(editor.body).toEqual([{ Id: g.id, Name: g.name, CompaniesNumber: 0, IsOwner: false }]);
  });
});

describe('restoring a deleted group (30 days, its owner)', () => {
  const del = (g: TestGroup) => as('owner', { handler: deleteGroup, method: 'DELETE', path: `/api/Group/${g.id}`, params: { id: String(g.id) } });

  it('getDeletedGroups: the owner sees their groups deleted in the last 30 days, newest first', async () => {
    const a = await sharedGroup();
    const b = await sharedGroup();
    const old = await sharedGroup();
    const legacy = await sharedGroup();
    await del(a);
    await del(b);
    await del(old);
    await sql(`UPDATE company_group_list SET deleted_at = deleted_at - interval '1 hour' WHERE id = $1`, [a.id]);
    await sql(`UPDATE company_group_list SET deleted_at = now() - interval '31 days' WHERE id = $1`, [old.id]);
    // Deleted before deletion dates were kept: unknown date, not offered.
    await sql(`UPDATE company_group_list SET is_deleted = true, deleted_at = NULL WHERE id = $1`, [legacy.id]);
    const r = await as('owner', { handler: getDeletedGroups, path: '/api/Group/getDeletedGroups' });
    expect(r.status).toBe(200);
    const ids = r.body.Items.map((i: { Id: number }) => i.Id);
    expect(ids.indexOf(b.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(ids).not.toContain(old.id);
    expect(ids).not.toContain(legacy.id);
    const item = r.body.Items.find((i: { Id: number }) => i.Id === b.id);
    expect(item).toEqual({ Id: b.id, Name: b.name, DeletedOn: expect.any(String), RestorableUntil: expect.any(String) });
    expect(new Date(item.RestorableUntil).getTime() - new Date(item.DeletedOn).getTime()).toBe(30 * 24 * 3600 * 1000);
    // Members (editors included), other users and Admins see none of them.
    for (const who of ['editor', 'viewer', 'other', 'admin'] as const) {
      const theirs = await as(who, { handler: getDeletedGroups, path: '/api/Group/getDeletedGroups' });
      expect(theirs.status).toBe(200);
      expect(theirs.body.Items.map((i: { Id: number }) => i.Id)).not.toContain(b.id);
    }
    expect((await as('anonymous', { handler: getDeletedGroups, path: '/api/Group/getDeletedGroups' })).status).toBe(401);
  });

  it('restoreGroup: only the owner; the group comes back with its members and companies', async () => {
    expect(await matrix(async () => {
      const g = await sharedGroup();
      await del(g);
      return { handler: restoreGroup, method: 'PUT', path: `/api/Group/restoreGroup?id=${g.id}` };
    })).toEqual({ anonymous: 401, other: 404, admin: 404, viewer: 404, editor: 404, owner: 200 });

    const g = await sharedGroup(2);
    await del(g);
    expect((await as('editor', { handler: getGroup, path: `/api/Group/get?id=${g.id}` })).status).toBe(404);
    const r = await as('owner', { handler: restoreGroup, method: 'PUT', path: `/api/Group/restoreGroup?id=${g.id}` });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ Id: g.id, Name: g.name });
    const back = await as('editor', { handler: getGroup, path: `/api/Group/get?id=${g.id}` });
    expect(back.body).toMatchObject({ Id: g.id, CompaniesNumber: 2, AccessToEdit: true });
    expect(back.body.Members).toHaveLength(3);
    const list = await as('viewer', { handler: getGroups, path: `/api/Group/getGroups?SearchText=${encodeURIComponent(g.name)}` });
    expect(list.body.Count).toBe(1);
    // A live group, or one restored already, is not restorable.
    expect((await as('owner', { handler: restoreGroup, method: 'PUT', path: `/api/Group/restoreGroup?id=${g.id}` })).status).toBe(404);
  });

  it('after 30 days a deleted group is not restorable; it stays hidden', async () => {
    const g = await sharedGroup();
    await del(g);
    await sql(`UPDATE company_group_list SET deleted_at = now() - interval '30 days 1 minute' WHERE id = $1`, [g.id]);
    const r = await as('owner', { handler: restoreGroup, method: 'PUT', path: `/api/Group/restoreGroup?id=${g.id}` });
    expect(r.status).toBe(404);
    expect(r.body.Message).toBe('Grupul nu a fost găsit.');
    expect((await as('owner', { handler: getGroup, path: `/api/Group/get?id=${g.id}` })).status).toBe(404);
    const [row] = await sql<{ is_deleted: boolean }>(`SELECT is_deleted FROM company_group_list WHERE id = $1`, [g.id]);
    expect(row.is_deleted).toBe(true);
    expect((await as('owner', { handler: restoreGroup, method: 'PUT', path: `/api/Group/restoreGroup?id=2147483000` })).status).toBe(404);
  });
});

describe('restoring a deleted template (30 days, its author)', () => {
  const design = serializeDesign('<mjml><mj-body><mj-section><mj-column><mj-text>Bună</mj-text></mj-column></mj-section></mj-body></mjml>', {
    pages: [{ component: { type: 'wrapper' } }],
  });
  async function deletedTemplate(name = `Șablon ${Math.random().toString(36).slice(2, 7)}`): Promise<number> {
    const r = await as('owner', { handler: addTemplate, path: '/api/MailTemplate/Add', body: { Name: name, Content: design, Tags: [] } });
    expect(r.status).toBe(200);
    expect((await as('owner', { handler: deleteTemplate, method: 'PUT', path: `/api/MailTemplate/virtualDelete?id=${r.body.Id}` })).status).toBe(204);
    return r.body.Id;
  }

  it('getDeletedMailTemplates and restore: the author only, within 30 days', async () => {
    const a = await deletedTemplate('Ofertă ștearsă');
    const old = await deletedTemplate();
    await sql(`UPDATE mail_template SET deleted_at = now() - interval '31 days' WHERE id = $1`, [old]);
    const r = await as('owner', { handler: getDeletedTemplates, path: '/api/MailTemplate/getDeletedMailTemplates' });
    expect(r.status).toBe(200);
    expect(r.body.Items).toContainEqual({ Id: a, Name: 'Ofertă ștearsă', DeletedOn: expect.any(String), RestorableUntil: expect.any(String) });
    expect(r.body.Items.map((i: { Id: number }) => i.Id)).not.toContain(old);
    expect(r.body).toMatchObject({ Count: expect.any(Number), NumberOfPages: expect.any(Number) });
    for (const who of ['editor', 'other', 'admin'] as const) {
      const theirs = await as(who, { handler: getDeletedTemplates, path: '/api/MailTemplate/getDeletedMailTemplates' });
      expect(theirs.body.Items.map((i: { Id: number }) => i.Id)).not.toContain(a);
    }
    expect((await as('anonymous', { handler: getDeletedTemplates, path: '/api/MailTemplate/getDeletedMailTemplates' })).status).toBe(401);

    const statuses: Partial<Record<Who, number>> = {};
    for (const who of ['anonymous', 'other', 'admin', 'editor', 'owner'] as const) {
      const id = await deletedTemplate();
      statuses[who] = (await as(who, { handler: restoreTemplate, method: 'PUT', path: `/api/MailTemplate/restore?id=${id}` })).status;
    }
    expect(statuses).toEqual({ anonymous: 401, other: 404, admin: 404, editor: 404, owner: 200 });

    const restored = await as('owner', { handler: restoreTemplate, method: 'PUT', path: `/api/MailTemplate/restore?id=${a}` });
    expect(restored.body).toEqual({ Id: a, Name: 'Ofertă ștearsă' });
    expect((await as('owner', { handler: getTemplate, path: `/api/MailTemplate/get?id=${a}` })).status).toBe(200);
    expect((await as('owner', { handler: restoreTemplate, method: 'PUT', path: `/api/MailTemplate/restore?id=${a}` })).status).toBe(404);
    expect((await as('owner', { handler: restoreTemplate, method: 'PUT', path: `/api/MailTemplate/restore?id=${old}` })).status).toBe(404);
    expect((await as('owner', { handler: restoreTemplate, method: 'PUT', path: `/api/MailTemplate/restore?id=x` })).status).toBe(400);
  });
});
