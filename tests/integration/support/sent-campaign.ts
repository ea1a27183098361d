// A campaign sent for real (draft, POST /api/MailSend/sendMails, the sender to a local SMTP sink):
// the delivered mail_send rows the tracking and report tests act on (decision 086).
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { resetTransports } from '@/server/kernel/mail-transport';
import { deliverCampaignMessages } from '@/server/sending/sender';
import { POST as sendMails } from '@/app/api/MailSend/sendMails/route';
import { call, isolateMail, uniq } from './auth';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { tokenOf } from './authz';
import { createUser, type TestUser } from '../../factories/users';
import { addContact, createDraft, deleteContacts, pickCompanies } from '../../factories/sending';

type SentRow = { id: number; email: string; tracking_id: string; message_id: string; status: string; sent_at: Date | null; bounced_at: Date | null; soft_bounces: number };

const SENT_ROW_COLUMNS = 'id, email, tracking_id::text, message_id, status, sent_at, bounced_at, soft_bounces';

export type SentCampaign = { owner: TestUser; emails: string[]; rows: SentRow[]; close: () => Promise<void> };

/** `n` companies from `offset`, one new contact address each, one sending delivered to all of them. */
export async function sendCampaign(n: number, offset: number, label: string): Promise<SentCampaign> {
  const sink: SmtpSink = await startSmtpSink(() => {});
  env.CAMPAIGN_SMTP_URL = `smtp://127.0.0.1:${sink.port}`;
  env.MAIL_RATE_PER_MINUTE = 100_000;
  isolateMail();
  resetTransports();
  const owner = await createUser();
  const companies = await pickCompanies(n, offset);
  const id = uniq();
  const emails: string[] = [];
  for (const [i, c] of companies.entries()) {
    const e = `${label}${i}.${id}@exemplu-test.ro`;
    emails.push(e);
    await addContact(c.cui, e);
  }
  const draftId = await createDraft(owner.id, companies.map((c) => ({ cui: c.cui })));
  const sent = await call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: draftId }, token: await tokenOf(owner) });
  if (sent.status !== 200) throw new Error(`sendMails: ${sent.status} ${JSON.stringify(sent.body)}`);
  await deliverCampaignMessages({ timeBudgetMs: 60_000 });
  const rows = await sql<SentRow>(`SELECT ${SENT_ROW_COLUMNS} FROM mail_send WHERE grouped_mail_id = $1 ORDER BY email`, [draftId]);
  return {
    owner,
    emails,
    rows,
    close: async () => {
      resetTransports();
      await sink.close();
      await deleteContacts(emails);
    },
  };
}
