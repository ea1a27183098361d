// Leaving the companies already in the user's CRM out of a campaign and of an export (issue 50,
// decision 109), enforced on the server: the send queues no message for them when asked, the
// exports hold no row for them when asked, another user's CRM changes nothing for the caller, and
// without the option everything goes as before.
import { sql } from '@/server/kernel/db';
import { POST as sendMails } from '@/app/api/MailSend/sendMails/route';
import { GET as exportCompanies } from '@/app/api/Export/companies/route';
import { GET as exportGroup } from '@/app/api/Export/groupCompanies/route';
import { call, uniq } from './support/auth';
import { download } from './support/export-files';
import { dropActors, makeActors, tokenOf, type Actors } from './support/authz';
import { addCompaniesToGroup, addContact, addressBook, createDraft, createGroup, deleteContacts, pickCompanies } from '../factories/sending';

let who: Actors;
let groupId: number;
let companies: { cui: number; name: string }[];
const { emails, addr } = addressBook(uniq());

/** Marks `cuis` as held by `userId`'s CRM, as a pull would (crm_company rows of a connection). */
async function holdInCrm(userId: number, cuis: number[]) {
  const [c] = await sql<{ id: number }>(`INSERT INTO crm_connection (user_id, provider, token) VALUES ($1, 'hubspot', 'pat-test-0000') RETURNING id`, [userId]);
  await sql(`INSERT INTO crm_company (connection_id, cui, crm_id) SELECT $1, x, 'h' || x FROM unnest($2::int[]) x`, [c.id, cuis]);
}

beforeAll(async () => {
  who = await makeActors();
  groupId = await createGroup(who.owner.id);
  companies = await pickCompanies(3, 400);
  await addCompaniesToGroup(groupId, companies.map((c) => c.cui), who.owner.id);
  await addContact(companies[0].cui, addr('unu'));
  await addContact(companies[1].cui, addr('doi'));
  await addContact(companies[2].cui, addr('trei'));
  // The owner's CRM holds the first company; another user's CRM holds the second.
  await holdInCrm(who.owner.id, [companies[0].cui]);
  await holdInCrm(who.other.id, [companies[1].cui]);
});

afterAll(async () => {
  await deleteContacts(emails);
  await sql(`DELETE FROM crm_connection WHERE user_id = ANY($1::int[])`, [[who.owner.id, who.other.id]]);
  await dropActors(who);
});

beforeEach(async () => {
  await sql(`DELETE FROM export_log WHERE user_id = ANY($1::int[])`, [[who.owner.id, who.other.id, who.admin.id]]);
});

const recipientsOf = async (draftId: number) => (await sql<{ email: string }>(`SELECT email FROM mail_send WHERE grouped_mail_id = $1 ORDER BY email`, [draftId])).map((r) => r.email);
const draft = () => createDraft(who.owner.id, companies.map((c) => ({ cui: c.cui, groupId })));

describe('a campaign', () => {
  it("with the option, the sender's CRM companies get no message; another user's CRM is not the sender's", async () => {
    const draftId = await draft();
    const r = await call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: draftId, ExcludeInCrm: true }, token: await tokenOf(who.owner) });
    expect(r.status).toBe(200);
    expect(r.body.Queued).toBe(2);
    expect(await recipientsOf(draftId)).toEqual([addr('doi'), addr('trei')].sort());
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
  });

  it('without it, every company is sent to, as before', async () => {
    const draftId = await draft();
    const r = await call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: draftId }, token: await tokenOf(who.owner) });
    expect(r.body.Queued).toBe(3);
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
  });

  it('a draft whose every company is in the CRM is a clear 400, not an empty sending', async () => {
    const draftId = await createDraft(who.owner.id, [{ cui: companies[0].cui, groupId }]);
    const r = await call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: draftId, ExcludeInCrm: true }, token: await tokenOf(who.owner) });
    expect(r.status).toBe(400);
    expect(r.body.Message).toMatch(/deja în CRM/);
    expect(await recipientsOf(draftId)).toEqual([]);
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
  });

  it('a non-boolean option is a 400', async () => {
    const draftId = await draft();
    const r = await call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: draftId, ExcludeInCrm: 'da' }, token: await tokenOf(who.owner) });
    expect(r.status).toBe(400);
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
  });
});

describe('an export', () => {
  const cuisOf = (csv: Buffer) =>
    csv
      .toString('utf8')
      .slice(1)
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => Number(l.split(';')[0]))
      .sort();

  it("a group's companies without the owner's CRM companies when asked, all of them otherwise", async () => {
    const token = await tokenOf(who.owner);
    const without = await download(exportGroup, `/api/Export/groupCompanies?groupId=${groupId}&format=csv&excludeInCrm=true`, token);
    expect(without.res.status).toBe(200);
    expect(cuisOf(without.bytes)).toEqual([companies[1].cui, companies[2].cui].sort());
    const all = await download(exportGroup, `/api/Export/groupCompanies?groupId=${groupId}&format=csv`, token);
    expect(cuisOf(all.bytes)).toEqual(companies.map((c) => c.cui).sort());
  });

  it("a search's results: the caller's CRM decides, not another user's", async () => {
    const q = `SearchText=${encodeURIComponent(companies[1].name)}&format=csv&excludeInCrm=true`;
    // The owner's CRM does not hold the second company: it stays; the other user's CRM does: it goes.
    expect(cuisOf((await download(exportCompanies, `/api/Export/companies?${q}`, await tokenOf(who.owner))).bytes)).toContain(companies[1].cui);
    expect(cuisOf((await download(exportCompanies, `/api/Export/companies?${q}`, await tokenOf(who.other))).bytes)).not.toContain(companies[1].cui);
  });

  it('a bad option is a 400; anonymous is a 401', async () => {
    expect((await download(exportGroup, `/api/Export/groupCompanies?groupId=${groupId}&excludeInCrm=poate`, await tokenOf(who.owner))).res.status).toBe(400);
    expect((await download(exportGroup, `/api/Export/groupCompanies?groupId=${groupId}&excludeInCrm=true`)).res.status).toBe(401);
  });
});
