// One follow-up step (issue 28, docs/decisions/057-campaign-identity-scheduling-follow-up.md): a
// template sent N days after a sending to its recipients who did not open it (or did not click).
// The step waits in campaign_follow_up; when it is due, the sender's cycle (runCampaignSchedules)
// turns it into a sending of its own, in one transaction, taking only the messages that were
// delivered, did not bounce, and whose address is not on the suppression list by then
// (unsubscribed, bounced or complained meanwhile). Queued follow-up messages of an address that
// unsubscribes or bounces later are stopped by the same paths as any queued message.
import 'server-only';
import type { FollowUpInfo } from '@/lib/sending/types';
import type { FollowUpInput } from '@/lib/sending/schemas';
import type { Actor } from '../auth/actor';
import { sql } from '../kernel/db';
import { AppError, notFound } from '../kernel/errors';
import { withTransaction } from '../kernel/tx';
import { assertCanSend, assertOwnSending } from './policy';
import { TEMPLATE_NOT_FOUND } from '../templates/policy';
import { messageIdDomain } from '../kernel/mail-transport';
import { MAIL_PRIVATE_COLUMN } from '../contacts/policy';
import { clockNow, nowSql } from '../kernel/clock';

const CONDITION_SQL: Record<FollowUpInfo['Condition'], string> = {
  NotOpened: 'ms.opened_at IS NULL',
  NotClicked: 'ms.clicked_at IS NULL',
};

/** The author's sending; `send`: setting a follow-up makes mail go out later, so the whole send rule applies. */
async function ownSending(actor: Actor, groupedMailId: number, send: boolean) {
  const [gm] = await sql<{ createdById: number; start: Date | null }>(
    `SELECT created_by_id AS "createdById", coalesce(scheduled_for, sent_on) AS start FROM grouped_mail WHERE id = $1 AND NOT is_deleted AND sent_on IS NOT NULL`,
    [groupedMailId],
  );
  return send ? assertCanSend(actor, gm) : assertOwnSending(actor, gm);
}

/** PUT /api/MailSend/setFollowUp: sets (or changes, while it waits) the sending's follow-up. */
export async function setFollowUp(actor: Actor, input: FollowUpInput): Promise<{ DueAt: string }> {
  const gm = await ownSending(actor, input.GroupedMailId, true);
  const [template] = await sql<{ owner_id: number }>(`SELECT owner_id FROM mail_template WHERE id = $1 AND NOT is_deleted`, [input.MailTemplateId]);
  // Templates are their owner's alone (019): another user's answers like a missing one.
  if (!template || template.owner_id !== actor.userId) throw notFound(TEMPLATE_NOT_FOUND);
  const dueAt = new Date(new Date(gm.start ?? clockNow()).getTime() + input.Days * 86_400_000);
  const rows = await sql<{ due_at: Date }>(
    `INSERT INTO campaign_follow_up (grouped_mail_id, template_id, days, condition, due_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (grouped_mail_id) DO UPDATE SET template_id = $2, days = $3, condition = $4, due_at = $5, status = 'Pending'
      WHERE campaign_follow_up.status <> 'Done'
     RETURNING due_at`,
    [input.GroupedMailId, input.MailTemplateId, input.Days, input.Condition, dueAt],
  );
  if (!rows.length) throw new AppError('CONFLICT', 'Follow-up-ul a fost deja trimis.');
  return { DueAt: rows[0].due_at.toISOString() };
}

/** PUT /api/MailSend/cancelFollowUp: a waiting follow-up is cancelled. */
export async function cancelFollowUp(actor: Actor, groupedMailId: number): Promise<{ Id: number }> {
  await ownSending(actor, groupedMailId, false);
  const rows = await sql(`UPDATE campaign_follow_up SET status = 'Cancelled' WHERE grouped_mail_id = $1 AND status = 'Pending' RETURNING 1`, [groupedMailId]);
  if (!rows.length) throw new AppError('CONFLICT', 'Nu există un follow-up care așteaptă.');
  return { Id: groupedMailId };
}

type FollowUpRow = { template_id: number; name: string; days: number; condition: FollowUpInfo['Condition']; due_at: Date | string; status: FollowUpInfo['Status']; follow_up_mail_id: number | null };

const FOLLOW_UP_SELECT = `SELECT f.template_id, t.name, f.days, f.condition, f.due_at, f.status, f.follow_up_mail_id
  FROM campaign_follow_up f JOIN mail_template t ON t.id = f.template_id`;

/** A sending's follow-up as one JSON value (NULL when none) inside a statement that reads more; `id`: the sending's id in it. */
export const followUpJsonSql = (id: string) => `(SELECT to_jsonb(x) FROM (${FOLLOW_UP_SELECT} WHERE f.grouped_mail_id = ${id}) x)`;

export function followUpOf(f: FollowUpRow | null | undefined): FollowUpInfo | null {
  if (!f) return null;
  return { TemplateId: f.template_id, TemplateName: f.name, Days: f.days, Condition: f.condition, DueAt: new Date(f.due_at).toISOString(), Status: f.status, FollowUpMailId: f.follow_up_mail_id };
}

/** Turns every due follow-up into a sending; several senders may run this at once (SKIP LOCKED). */
export async function startDueFollowUps(): Promise<number> {
  let started = 0;
  for (;;) {
    const done = await withTransaction(async (db) => {
      const { rows } = await db.query<{ id: number; grouped_mail_id: number; template_id: number; condition: FollowUpInfo['Condition'] }>(
        `SELECT id, grouped_mail_id, template_id, condition FROM campaign_follow_up
          WHERE status = 'Pending' AND due_at <= ${nowSql()} ORDER BY due_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      const f = rows[0];
      if (!f) return false;
      const { rows: made } = await db.query<{ id: number }>(
        `INSERT INTO grouped_mail (template_id, name, description, content, created_by_id, sent_on)
         SELECT t.id, t.name, 'Follow-up', t.content, gm.created_by_id, now()
           FROM grouped_mail gm JOIN mail_template t ON t.id = $2 AND NOT t.is_deleted
          WHERE gm.id = $1 AND NOT gm.is_deleted
         RETURNING id`,
        [f.grouped_mail_id, f.template_id],
      );
      if (!made.length) {
        await db.query(`UPDATE campaign_follow_up SET status = 'Cancelled' WHERE id = $1`, [f.id]);
        return true;
      }
      const followUpId = made[0].id;
      await db.query(
        `INSERT INTO mail_send (grouped_mail_id, cui, group_id, email, ${MAIL_PRIVATE_COLUMN}, tracking_id, message_id)
         SELECT $1, t.cui, t.group_id, t.email, t.private_address, t.tid, '<' || t.tid::text || '@' || $3 || '>'
           -- A tracking id per row: in a subquery's select list the volatile call runs for every row
           -- (an uncorrelated LATERAL could run it once and give every message the same id).
           FROM (SELECT ms.cui, ms.group_id, ms.email, ms.${MAIL_PRIVATE_COLUMN} AS private_address, gen_random_uuid() AS tid
                   FROM mail_send ms
                  WHERE ms.grouped_mail_id = $2 AND ms.sent_at IS NOT NULL AND ms.bounced_at IS NULL
                    AND ms.status IN ('Trimis', 'Deschis', 'Interactionat') AND ${CONDITION_SQL[f.condition]}
                    AND NOT EXISTS (SELECT 1 FROM mail_suppression s WHERE s.email = ms.email)) t`,
        [followUpId, f.grouped_mail_id, messageIdDomain()],
      );
      await db.query(
        `INSERT INTO grouped_mail_company (grouped_mail_id, cui, group_id)
         SELECT DISTINCT ON (cui) $1, cui, group_id FROM mail_send WHERE grouped_mail_id = $1 ORDER BY cui`,
        [followUpId],
      );
      await db.query(`UPDATE campaign_follow_up SET status = 'Done', follow_up_mail_id = $2 WHERE id = $1`, [f.id, followUpId]);
      return true;
    });
    if (!done) return started;
    started++;
  }
}
