// Issue 31, replayed: the author (Ana) adds a private contact with a new address to a company of her
// shared group and sends a draft to the group. A member of the group (Mihai) reads the sending's
// rows and searches the sent-mail companies: the private address must reach nobody but its owner.
// Callers: the owner, the other member, another user, an Admin (no member), anonymous.
import { sql } from '@/server/kernel/db';
import { POST as sendMails } from '@/app/api/MailSend/sendMails/route';
import { GET as getCompaniesMailByGroup } from '@/app/api/MailSend/getCompaniesMailByGroup/route';
import { GET as getMailsByCompanies } from '@/app/api/MailSend/getMailsByCompanies/route';
import { GET as getCompaniesSendedMails } from '@/app/api/MailSend/getCompaniesSendedMails/route';
import { GET as getUserContactsByCompany } from '@/app/api/Contact/getUserContactsByCompany/route';
import { call, isolateMail, uniq } from './support/auth';
import { dropActors, makeActors, statusesAs, tokenOf, type Actors } from './support/authz';
import { createUser, deleteUsers, type TestUser } from '../factories/users';
import { addCompaniesToGroup, addContact, createDraft, createGroup, deleteContacts, pickCompanies } from '../factories/sending';

let who: Actors;
let member: TestUser;
let groupId: number;
let draftId: number;
let cui: number;
const id = uniq();
const PUBLIC = `public.${id}@firma-test.ro`;
const PRIVATE = `privat.${id}@firma-test.ro`;

beforeAll(async () => {
  isolateMail();
  who = await makeActors();
  member = await createUser();
  groupId = await createGroup(who.owner.id, { members: [{ userId: member.id }] });
  [{ cui }] = await pickCompanies(1, 300);
  await addCompaniesToGroup(groupId, [cui], who.owner.id);
  await addContact(cui, PUBLIC);
  await addContact(cui, PRIVATE, { userId: who.owner.id, isPrivate: true });
  draftId = await createDraft(who.owner.id, [{ cui, groupId }]);
  const sent = await call(sendMails, '/api/MailSend/sendMails', { method: 'POST', body: { MailDraftId: draftId }, token: await tokenOf(who.owner) });
  expect(sent.status).toBe(200);
  expect(sent.body.Queued).toBe(2);
});

afterAll(async () => {
  await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
  await deleteContacts([PUBLIC, PRIVATE]);
  await dropActors(who);
  await deleteUsers(member);
});

const as = async (user: TestUser, handler: Parameters<typeof call>[0], path: string) => call(handler, path, { token: await tokenOf(user) });
const sendingPath = () => `/api/MailSend/getCompaniesMailByGroup?groupedMailId=${draftId}&groupId=${groupId}`;
const search = (text: string) => `/api/MailSend/getCompaniesSendedMails?SearchText=${encodeURIComponent(text)}`;

describe('a private contact in a shared sending', () => {
  test('the message row is stored as private; the public one is not', async () => {
    const rows = await sql<{ email: string; is_private: boolean }>(`SELECT email, is_private FROM mail_send WHERE grouped_mail_id = $1 ORDER BY email`, [draftId]);
    expect(rows).toEqual([
      { email: PRIVATE, is_private: true },
      { email: PUBLIC, is_private: false },
    ]);
  });

  test('the sending rows: the owner reads the address, the other member the company and status with a masked address', async () => {
    const owner = await as(who.owner, getCompaniesMailByGroup, sendingPath());
    expect(owner.status).toBe(200);
    expect(owner.body.Items).toHaveLength(1);
    expect(owner.body.Items[0].Mails.map((m: { Mail: string }) => m.Mail).sort()).toEqual([PRIVATE, PUBLIC]);

    const mihai = await as(member, getCompaniesMailByGroup, sendingPath());
    expect(mihai.status).toBe(200);
    expect(JSON.stringify(mihai.body)).not.toContain(`privat.${id}`);
    const entry = mihai.body.Items[0];
    expect(entry.CompanyCui).toBe(cui);
    expect(entry.Mails).toHaveLength(2);
    expect(entry.Mails.map((m: { Mail: string }) => m.Mail).sort()).toEqual([PUBLIC, '•••@firma-test.ro'].sort());
    expect(entry.Mails.map((m: { Status: string }) => m.Status)).toEqual(['Queued', 'Queued']);

    expect(await statusesAs(who, () => ({ handler: getCompaniesMailByGroup, path: sendingPath() })))
      .toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
  });

  test("the company's sendings: masked for the other member", async () => {
    const path = `/api/MailSend/getMailsByCompanies?companyCui=${cui}`;
    const mails = (body: { Items: { GroupedMailId: number; Mails: { Mail: string }[] }[] }) =>
      body.Items.filter((i) => i.GroupedMailId === draftId).flatMap((i) => i.Mails.map((m) => m.Mail)).sort();
    expect(mails((await as(who.owner, getMailsByCompanies, path)).body)).toEqual([PRIVATE, PUBLIC]);
    expect(mails((await as(member, getMailsByCompanies, path)).body)).toEqual([PUBLIC, '•••@firma-test.ro'].sort());
    expect(mails((await as(who.other, getMailsByCompanies, path)).body)).toEqual([]);
    expect(mails((await as(who.admin, getMailsByCompanies, path)).body)).toEqual([]);
  });

  test('the sent-companies search matches a private address for its owner only (no yes/no oracle)', async () => {
    const count = async (user: TestUser, text: string) => {
      const r = await as(user, getCompaniesSendedMails, search(text));
      expect(r.status).toBe(200);
      return r.body.Count;
    };
    expect(await count(who.owner, PRIVATE)).toBe(1);
    expect(await count(member, PRIVATE)).toBe(0);
    expect(await count(who.other, PRIVATE)).toBe(0);
    expect(await count(who.admin, PRIVATE)).toBe(0);
    // The same search on the public address finds the company for the member: the search works.
    expect(await count(member, PUBLIC)).toBe(1);
    expect(await count(who.owner, PUBLIC)).toBe(1);
    // The masked form matches nothing either.
    expect(await count(member, '•••@')).toBe(0);
    expect(await statusesAs(who, () => ({ handler: getCompaniesSendedMails, path: search(PRIVATE) }), ['anonymous'])).toEqual({ anonymous: 401 });
  });

  test("the company's contacts: the private one for its owner only", async () => {
    const path = `/api/Contact/getUserContactsByCompany?cui=${cui}`;
    expect(JSON.stringify((await as(who.owner, getUserContactsByCompany, path)).body)).toContain(PRIVATE);
    for (const user of [member, who.other, who.admin]) {
      const r = await as(user, getUserContactsByCompany, path);
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).toContain(PUBLIC);
      expect(JSON.stringify(r.body)).not.toContain(PRIVATE);
    }
  });
});
