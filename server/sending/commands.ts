// Writes of the sending domain: turning a draft into queued messages, and the mail comments.
import 'server-only';
import { SAMPLE_MERGE_VALUES } from '@/lib/templates/merge';
import type { SendResult } from '@/lib/sending/types';
import type { Actor } from '../auth/actor';
import { prisma } from '../kernel/db';
import { env } from '../kernel/env';
import { AppError, badRequest, notFound } from '../kernel/errors';
import { messageIdDomain } from '../kernel/mail-transport';
import { withTransaction } from '../kernel/tx';
import { renderCampaign } from '../templates/render';
import { assertCanSend, canChangeMailComment } from './policy';
import { assertCanSeeMail, countMessagesOf, countSentLast24h } from './queries';
import { MAIL_PRIVATE_COLUMN } from '../contacts/policy';
import { RECIPIENTS_OUTSIDE_CRM_SQL, RECIPIENTS_SQL } from './recipients';
import { addSegmentCompanies } from '../prospecting/segments';
import { planSchedule, STAGGER_SQL } from './schedule';
import { nowSql } from '../kernel/clock';

const NO_COMPANIES = 'Nu poți trimite email-ul, deoarece nu sunt firme adăugate.';
const NO_ADDRESSES = 'Firmele acestui draft nu au nicio adresă de email la care să se poată trimite.';
const ALL_IN_CRM = 'Toate firmele cu adresă de email ale acestui draft sunt deja în CRM; debifați opțiunea de a le lăsa deoparte pentru a le trimite.';
const COMMENT_NOT_FOUND = 'Comentariul nu a fost găsit.';

/**
 * POST /api/MailSend/sendMails: one transaction turns the draft into one queued message per
 * recipient address and marks it sent; the answer does not wait for delivery. The draft row is
 * locked first, so a double click or a retry finds it already sent and queues nothing more.
 */
export async function sendDraft(
  actor: Actor,
  draftId: number,
  schedule: { ScheduledAt?: string | null; UseWindow?: boolean; ExcludeInCrm?: boolean } = {},
): Promise<SendResult> {
  // Decision 109: the companies the sender's CRMs hold can be left out (the send dialog's option).
  const recipients = schedule.ExcludeInCrm ? RECIPIENTS_OUTSIDE_CRM_SQL : RECIPIENTS_SQL;
  // Checked before the slow render, and again on the locked row; the daily quota is below.
  const draft = await assertCanSend(
    actor,
    await prisma.groupedMail.findFirst({ where: { id: draftId, isDeleted: false }, select: { id: true, createdById: true, content: true, sentOn: true } }),
  );
  // Issue 28: now, or at a time (Bucharest) and/or in the sending window (schedule.ts).
  const plan = planSchedule(schedule);
  // Rendered before the transaction (MJML is slow): the copy the history's preview shows.
  const preview = draft.sentOn ? null : (await renderCampaign(draft.content, SAMPLE_MERGE_VALUES)).html;

  return withTransaction(async (client) => {
    const locked = await client.query<{ createdById: number; sent_on: Date | null }>(
      `SELECT created_by_id AS "createdById", sent_on FROM grouped_mail WHERE id = $1 AND NOT is_deleted FOR UPDATE`,
      [draftId],
    );
    const row = await assertCanSend(actor, locked.rows[0], client);
    if (row.sent_on) {
      return { GroupedMailId: draftId, Queued: await countMessagesOf(client, draftId), Suppressed: 0, AlreadySent: true };
    }
    // A saved search the draft targets adds its companies now (issue 27, decision 056).
    await addSegmentCompanies(client, actor, draftId);
    const companies = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM grouped_mail_company WHERE grouped_mail_id = $1`, [draftId]);
    if (!companies.rows[0].n) throw badRequest(NO_COMPANIES);

    // One user's sends are serialised here, so two drafts sent at once cannot both pass the limit.
    await client.query(`SELECT 1 FROM app_user WHERE id = $1 FOR UPDATE`, [actor.userId]);
    const counts = await client.query<{ total: number; suppressed: number }>(
      `SELECT count(*)::int AS total, count(s.email)::int AS suppressed
         FROM (${recipients}) r LEFT JOIN mail_suppression s ON s.email = r.email`,
      [draftId, actor.userId],
    );
    const { total, suppressed } = counts.rows[0];
    const toSend = total - suppressed;
    if (toSend <= 0) {
      if (!schedule.ExcludeInCrm) throw badRequest(NO_ADDRESSES);
      const all = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${RECIPIENTS_SQL}) r WHERE NOT EXISTS (SELECT 1 FROM mail_suppression s WHERE s.email = r.email)`, [draftId, actor.userId]);
      throw badRequest(all.rows[0].n > 0 ? ALL_IN_CRM : NO_ADDRESSES);
    }
    const used = await countSentLast24h(client, actor.userId);
    const limit = env.MAIL_DAILY_LIMIT_PER_USER;
    if (used + toSend > limit) {
      throw new AppError(
        'RATE_LIMITED',
        `Limita zilnică de ${limit} de email-uri ar fi depășită: în ultimele 24 de ore ați trimis ${used}, iar acest draft are ${toSend} destinatari.`,
      );
    }
    const inserted = await client.query(
      `INSERT INTO mail_send (grouped_mail_id, cui, group_id, email, ${MAIL_PRIVATE_COLUMN}, tracking_id, message_id, next_attempt)
       SELECT $1, r.cui, r.group_id, r.email, r.${MAIL_PRIVATE_COLUMN}, r.tid, '<' || r.tid::text || '@' || $3 || '>',
              coalesce($4::timestamptz, ${nowSql()}) + ${STAGGER_SQL('r.n')}
         FROM (SELECT q.*, gen_random_uuid() AS tid, row_number() OVER () - 1 AS n FROM (${recipients}) q) r
        WHERE NOT EXISTS (SELECT 1 FROM mail_suppression s WHERE s.email = r.email)
       ON CONFLICT (grouped_mail_id, email) DO NOTHING`,
      [draftId, actor.userId, messageIdDomain(), plan.firstDue],
    );
    await client.query(`UPDATE grouped_mail SET sent_on = now(), html = $2, scheduled_for = $3, send_window = $4 WHERE id = $1`, [
      draftId,
      preview,
      plan.scheduledFor,
      plan.window ? JSON.stringify(plan.window) : null,
    ]);
    return { GroupedMailId: draftId, Queued: inserted.rowCount ?? 0, Suppressed: suppressed, AlreadySent: false };
  });
}

export async function addMailComment(actor: Actor, input: { MailId: number; Comment: string }) {
  await assertCanSeeMail(actor, input.MailId);
  const c = await prisma.mailComment.create({
    data: { mailSendId: input.MailId, content: input.Comment, createdById: actor.userId },
    select: { id: true },
  });
  return { Id: c.id };
}

async function ownComment(actor: Actor, id: number) {
  const c = await prisma.mailComment.findFirst({ where: { id, isDeleted: false }, select: { id: true, createdById: true, mailSendId: true } });
  if (!c) throw notFound(COMMENT_NOT_FOUND);
  // A comment on a message the caller cannot see answers like a missing one.
  await assertCanSeeMail(actor, c.mailSendId, COMMENT_NOT_FOUND);
  if (!canChangeMailComment(actor, c)) throw new AppError('FORBIDDEN', 'Doar autorul poate modifica acest comentariu.');
  return c;
}

export async function editMailComment(actor: Actor, input: { Id: number; Comment: string }) {
  await ownComment(actor, input.Id);
  await prisma.mailComment.update({ where: { id: input.Id }, data: { content: input.Comment }, select: { id: true } });
  return { Id: input.Id };
}

export async function deleteMailComment(actor: Actor, id: number) {
  await ownComment(actor, id);
  await prisma.mailComment.update({ where: { id }, data: { isDeleted: true }, select: { id: true } });
  return { Id: id };
}
