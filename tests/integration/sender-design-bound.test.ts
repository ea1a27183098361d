// Decision 124: the campaign sender reads a sending's MJML, not its whole design text. A design
// may be 5 MB (the editor's project data beside the MJML); a batch of messages of many sendings
// read whole exceeded the server's 320 MB heap. The message is the same as before.
import type { ParsedMail } from 'mailparser';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { resetTransports } from '@/server/kernel/mail-transport';
import { deliverCampaignMessages } from '@/server/sending/sender';
import { POST as sendMails } from '@/app/api/MailSend/sendMails/route';
import { serializeDesign } from '@/lib/templates/design';
import { call, isolateMail, uniq } from './support/auth';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { tokenOf } from './support/authz';
import { widestRead } from './support/widest-read';
import { createUser, type TestUser } from '../factories/users';
import { addContact, createDraft, deleteContacts, pickCompanies } from '../factories/sending';

const BLOB = 4 * 1024 * 1024;
let sink: SmtpSink;
const received: ParsedMail[] = [];
let owner: TestUser;
const emails: string[] = [];

beforeAll(async () => {
  sink = await startSmtpSink((m) => received.push(m));
  env.CAMPAIGN_SMTP_URL = `smtp://127.0.0.1:${sink.port}`;
  env.MAIL_RATE_PER_MINUTE = 100_000;
  isolateMail();
  resetTransports();
  owner = await createUser();
});
afterAll(async () => {
  resetTransports();
  await sink.close();
  await deleteContacts(emails);
});

test('a sending whose design carries 4 MB of editor data is delivered, its MJML rendered, without reading the 4 MB', async () => {
  const companies = await pickCompanies(2, 40);
  const id = uniq();
  for (const [i, c] of companies.entries()) {
    emails.push(`mare${i}.${id}@exemplu-test.ro`);
    await addContact(c.cui, emails[i]);
  }
  const mjml = '<mjml><mj-body><mj-section><mj-column><mj-text>Salut {{NumeFirma}}, oferta mare.</mj-text></mj-column></mj-section></mj-body></mjml>';
  const content = serializeDesign(mjml, { blob: 'p'.repeat(BLOB) });
  const draftId = await createDraft(owner.id, companies.map((c) => ({ cui: c.cui })), { content });
  const sent = await call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: draftId }, token: await tokenOf(owner) });
  expect(sent.status).toBe(200);
  const seen = await widestRead(() => deliverCampaignMessages({ timeBudgetMs: 60_000 }));
  expect(seen.value.sent).toBeGreaterThanOrEqual(2);
  // Read whole, one statement returned the 4 MB design.
  expect(seen.chars).toBeLessThan(BLOB / 4);
  const mine = received.filter((m) => emails.includes(String((m.to as { text: string }).text)));
  expect(mine).toHaveLength(2);
  expect(mine.map((m) => m.text ?? '').join('\n')).toContain(`Salut ${companies[0].name}, oferta mare.`);
  const rows = await sql<{ status: string }>('SELECT status FROM mail_send WHERE grouped_mail_id = $1', [draftId]);
  // The companies' seeded contacts are recipients too: every message went.
  expect(rows.length).toBeGreaterThanOrEqual(2);
  expect(rows.filter((r) => r.status !== 'Trimis')).toEqual([]);
});
