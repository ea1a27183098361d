// Group invitations are not transactional mail (the address never asked for them): they carry the
// RFC 8058 List-Unsubscribe / List-Unsubscribe-Post headers and a footer link (issue 28). The
// one-click POST puts the invited address on the suppression list, after which no invitation (nor
// campaign) is mailed to it; a forged token or one of another purpose unsubscribes nobody.
import { sql } from '@/server/kernel/db';
import { waitForBackgroundTasks } from '@/server/mail/background';
import { resetTransports } from '@/server/kernel/mail-transport';
import { describeUnsubscribe } from '@/server/sending/tracking';
import { signToken } from '@/server/mail/link-tokens';
import { INVITE_QUOTA_TEXT } from '@/server/groups/invitation-policy';
import { POST as invite } from '@/app/api/Group/invite/route';
import { POST as oneClick } from '@/app/api/track/unsubscribe/route';
import { call, isolateMail, uniq } from './support/auth';
import { tokenOf } from './support/authz';
import { createUser, deleteCreatedUsers, type TestUser } from '../factories/users';
import { createGroup } from '../factories/sending';

let owner: TestUser;
let groupId: number;
const invited: string[] = [];

const inviteAs = async (email: string) =>
  call(invite, `/api/Group/invite?Email=${encodeURIComponent(email)}&GroupId=${groupId}&Access=View`, { method: 'POST', token: await tokenOf(owner) });
const lastInvitationTo = async (email: string) =>
  (await sql<{ headers: Record<string, string> | null; html: string; text: string | null }>(
    `SELECT headers, html, text FROM outbox_mail WHERE "to" = $1 AND kind = 'group-invitation' ORDER BY id DESC LIMIT 1`,
    [email],
  ))[0];

beforeAll(async () => {
  isolateMail();
  resetTransports();
  owner = await createUser();
  groupId = await createGroup(owner.id, { name: 'Grup dezabonare' });
});
afterAll(async () => {
  await waitForBackgroundTasks();
  await sql(`DELETE FROM mail_suppression WHERE email = ANY($1::text[])`, [invited]);
  await sql(`DELETE FROM outbox_mail WHERE "to" = ANY($1::text[])`, [invited]);
  await deleteCreatedUsers();
});

it('an invitation carries List-Unsubscribe (one-click, signed for it) and a footer link', async () => {
  const email = `invitat-${uniq()}@exemplu.ro`;
  invited.push(email);
  expect((await inviteAs(email)).status).toBe(200);
  const mail = await lastInvitationTo(email);
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const target = /^<(https?:\/\/[^>]+\/api\/track\/unsubscribe\?t=[^>]+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '');
  expect(target).not.toBeNull();
  expect(mail.text).toMatch(/Dezabonare: https?:\/\/\S+\/dezabonare\?t=/);
  expect(mail.html).toContain('Dezabonare</a>');
  expect((await describeUnsubscribe(new URL(target![1]).searchParams.get('t')))?.maskedEmail).toMatch(/^in•+@exemplu\.ro$/);
});

it('the one-click POST suppresses the invited address; the next invitation to it is refused', async () => {
  const email = `dezabonat-${uniq()}@exemplu.ro`;
  invited.push(email);
  expect((await inviteAs(email)).status).toBe(200);
  const url = new URL(/<([^>]+)>/.exec((await lastInvitationTo(email)).headers!['List-Unsubscribe'])![1]);
  const res = await call(oneClick, `${url.pathname}${url.search}`, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ Unsubscribed: true });
  const [s] = await sql<{ reason: string; mail_send_id: number | null }>(`SELECT reason, mail_send_id FROM mail_suppression WHERE email = $1`, [email]);
  expect(s).toEqual({ reason: 'Unsubscribe', mail_send_id: null });
  const again = await inviteAs(email);
  expect(again.status).toBe(409);
  expect(again.body.Message).toBe(INVITE_QUOTA_TEXT.suppressed);
});

it('a forged token, or a campaign purpose over an invitation id, unsubscribes nobody (404)', async () => {
  const email = `neatins-${uniq()}@exemplu.ro`;
  invited.push(email);
  expect((await inviteAs(email)).status).toBe(200);
  const [inv] = await sql<{ id: string }>(`SELECT id FROM group_invitation WHERE email = $1`, [email]);
  for (const t of [signToken('unsubscribe', inv.id), `${inv.id}.AAAAAAAAAAAAAAAAAAAAAA`, 'nimic']) {
    expect((await call(oneClick, `/api/track/unsubscribe?t=${encodeURIComponent(t)}`, { method: 'POST' })).status).toBe(404);
  }
  expect(await sql(`SELECT 1 FROM mail_suppression WHERE email = $1`, [email])).toHaveLength(0);
});
