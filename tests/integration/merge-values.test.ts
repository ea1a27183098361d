// One merge-values builder (issue 44, issue 45 attack 2, docs/decisions/085): the preview, the test
// send and a campaign message of the same draft to the same company read the same values, built by
// server/templates/merge-values.ts as the sender may see them. The attack: user A keeps a private
// contact "Privat-Nume-X" with the company's office address; user B adds their own contact with the
// same address and no name and mails {{NumeContact}}: B's mail must never carry A's private name,
// nor the name of a person an accepted takedown hides. Mails are read from a local SMTP server.
import type { ParsedMail } from 'mailparser';
import { prisma, sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { resetTransports } from '@/server/kernel/mail-transport';
import { deliverCampaignMessages } from '@/server/sending/sender';
import { suppressPerson } from '@/server/personal-data/suppression';
import { POST as sendMails } from '@/app/api/MailSend/sendMails/route';
import { POST as sendTest } from '@/app/api/MailSend/sendTest/route';
import { POST as preview } from '@/app/api/MailTemplate/preview/route';
import { call, isolateMail, uniq } from './support/auth';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { tokenOf } from './support/authz';
import { createUser, deleteUsers, type TestUser } from '../factories/users';
import { addContact, addressBook, createDraft, deleteContacts, designContent } from '../factories/sending';

const MJML = `<mjml><mj-body><mj-section><mj-column>
  <mj-text>Bună ziua, [{{NumeContact}}] de la {{NumeFirma}} (CUI {{CUI}}, {{Judet}}, {{ActivitateCAEN}})!</mj-text>
  <mj-text><a href="https://exemplu.ro/oferta">Vezi oferta</a></mj-text>
</mj-column></mj-section></mj-body></mjml>`;
const CONTENT = designContent(MJML);
const PRIVATE_NAME = 'Privat-Nume-X';
const TAKEN_DOWN_NAME = 'Retras Numele-Y';

let received: ParsedMail[] = [];
let sink: SmtpSink;
let a: TestUser, b: TestUser;
let privateCo: { cui: number; name: string }, takenDownCo: { cui: number; name: string }, plainCo: { cui: number; name: string };
const id = uniq();
const { emails, addr } = addressBook(id);
const drafts: number[] = [];

beforeAll(async () => {
  sink = await startSmtpSink((mail) => received.push(mail));
  env.CAMPAIGN_SMTP_URL = `smtp://127.0.0.1:${sink.port}`;
  env.MAIL_RATE_PER_MINUTE = 100_000;
  isolateMail();
  resetTransports();
  a = await createUser();
  b = await createUser();
  // Companies without contacts: every name a mail may carry is one this test wrote.
  [privateCo, takenDownCo, plainCo] = await sql<{ cui: number; name: string }>(
    `SELECT c.cui, c.name FROM company c WHERE NOT EXISTS (SELECT 1 FROM contact k WHERE k.cui = c.cui) ORDER BY c.cui LIMIT 3 OFFSET 600`,
  );
  // A's private contact comes first (lower id): the old campaign builder took the first row with the address.
  const office = addr('office');
  await addContact(privateCo.cui, office, { userId: a.id, isPrivate: true, name: PRIVATE_NAME });
  await sql(`INSERT INTO contact (cui, user_id, name, email, is_private, updated_at) VALUES ($1, $2, NULL, $3, false, now())`, [privateCo.cui, b.id, office]);
  // A public contact a takedown hides; B keeps the same address without a name.
  const hidden = addr('retras');
  await addContact(takenDownCo.cui, hidden, { name: TAKEN_DOWN_NAME });
  await prisma.$transaction((tx) => suppressPerson(tx, null, { cui: takenDownCo.cui, name: TAKEN_DOWN_NAME, email: hidden, phone: null }));
  await sql(`INSERT INTO contact (cui, user_id, name, email, is_private, updated_at) VALUES ($1, $2, NULL, $3, false, now())`, [takenDownCo.cui, b.id, hidden]);
  await addContact(plainCo.cui, addr('maria'), { name: 'Maria <i>Pop</i> & Fiii' });
});

afterAll(async () => {
  await sql(`DELETE FROM grouped_mail WHERE id = ANY($1::int[])`, [drafts]);
  await sql(`DELETE FROM person_suppression WHERE cui = $1 AND takedown_id IS NULL`, [takenDownCo.cui]);
  resetTransports();
  await sink.close();
  await deleteContacts(emails);
  await deleteUsers(a, b);
});

beforeEach(() => {
  received = [];
});

const draftOf = async (user: TestUser, cui: number) => {
  const draftId = await createDraft(user.id, [{ cui }], { content: CONTENT, subject: 'Pentru {{NumeContact}}' });
  drafts.push(draftId);
  return draftId;
};
/** The design's own text, without the recipient notice the sender appends to every mail. */
const bodyOf = (text: string | undefined) => (text ?? '').replace(/\r\n/g, '\n').split('\n\n--\n')[0].trim();

async function testMail(user: TestUser, draftId: number, cui: number): Promise<ParsedMail> {
  const r = await call(sendTest, '/api/MailSend/sendTest', { body: { MailDraftId: draftId, Cui: cui }, token: await tokenOf(user) });
  expect(r.status).toBe(200);
  expect(received).toHaveLength(1);
  const [m] = received;
  received = [];
  return m;
}

async function campaignMails(user: TestUser, draftId: number): Promise<ParsedMail[]> {
  expect((await call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: draftId }, token: await tokenOf(user) })).status).toBe(200);
  await deliverCampaignMessages({ timeBudgetMs: 20_000 });
  const out = received;
  received = [];
  return out;
}

describe('a contact name another user may not see never reaches a mail', () => {
  test.each([
    ['another user\'s private contact', () => privateCo, PRIVATE_NAME],
    ['a person hidden by an accepted takedown', () => takenDownCo, TAKEN_DOWN_NAME],
  ])('%s: not in B\'s preview, test mail nor campaign message', async (_label, company, name) => {
    const co = company();
    const draftId = await draftOf(b, co.cui);
    const shown = await call(preview, '/api/MailTemplate/preview', { body: { Content: CONTENT, Cui: co.cui }, token: await tokenOf(b) });
    expect(shown.status).toBe(200);
    expect(shown.body.Values.ContactName).toBe('');

    const test = await testMail(b, draftId, co.cui);
    const [campaign, ...more] = await campaignMails(b, draftId);
    expect(more).toHaveLength(0);
    for (const m of [test, campaign]) {
      expect(`${m.subject} ${m.html} ${m.text}`).not.toContain(name);
      expect(bodyOf(m.text)).toContain(`Bună ziua, [] de la ${co.name}`);
    }
    expect((campaign.to as { text: string }).text).toContain(co.cui === privateCo.cui ? `office.${id}` : `retras.${id}`);
  });

  test('the owner of the private contact still gets their own contact\'s name', async () => {
    const draftId = await draftOf(a, privateCo.cui);
    const shown = await call(preview, '/api/MailTemplate/preview', { body: { Content: CONTENT, Cui: privateCo.cui }, token: await tokenOf(a) });
    expect(shown.body.Values.ContactName).toBe(PRIVATE_NAME);
    expect(bodyOf((await testMail(a, draftId, privateCo.cui)).text)).toContain(`[${PRIVATE_NAME}]`);
  });
});

describe('what a user previews is what is sent (issue 44)', () => {
  test('the preview, the test mail and the campaign message of one draft to one company have the same text', async () => {
    const draftId = await draftOf(b, plainCo.cui);
    const shown = await call(preview, '/api/MailTemplate/preview', { body: { Content: CONTENT, Cui: plainCo.cui }, token: await tokenOf(b) });
    expect(shown.status).toBe(200);
    expect(shown.body.Values.ContactName).toBe('Maria <i>Pop</i> & Fiii');
    const test = await testMail(b, draftId, plainCo.cui);
    const [campaign] = await campaignMails(b, draftId);

    const previewText = bodyOf(shown.body.Text);
    expect(previewText).toContain(`Bună ziua, [Maria <i>Pop</i> & Fiii] de la ${plainCo.name} (CUI ${plainCo.cui}`);
    expect(bodyOf(test.text)).toBe(previewText);
    expect(bodyOf(campaign.text)).toBe(previewText);
    // The subject takes the same values (the test one says it is a test).
    expect(test.subject).toBe(`[Test] Pentru Maria <i>Pop</i> & Fiii`);
    expect(campaign.subject).toBe('Pentru Maria <i>Pop</i> & Fiii');
    // The HTML part too, up to the tracking the campaign adds: the escaped name is in both.
    expect(test.html).toContain('Maria &lt;i&gt;Pop&lt;/i&gt; &amp; Fiii');
    expect(campaign.html).toContain('Maria &lt;i&gt;Pop&lt;/i&gt; &amp; Fiii');
    expect(shown.body.Html).toContain('Maria &lt;i&gt;Pop&lt;/i&gt; &amp; Fiii');
  });

  test('also where two builders once disagreed: a company whose address another user keeps as a private contact', async () => {
    const draftId = await draftOf(b, privateCo.cui);
    const shown = await call(preview, '/api/MailTemplate/preview', { body: { Content: CONTENT, Cui: privateCo.cui }, token: await tokenOf(b) });
    expect(shown.status).toBe(200);
    const test = await testMail(b, draftId, privateCo.cui);
    const [campaign] = await campaignMails(b, draftId);
    const texts = [bodyOf(shown.body.Text), bodyOf(test.text), bodyOf(campaign.text)];
    expect(texts[0]).toContain(`de la ${privateCo.name}`);
    expect(new Set(texts).size).toBe(1);
  });
});
