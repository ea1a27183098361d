// Scheduled sendings (issue 28, docs/decisions/057-campaign-identity-scheduling-follow-up.md).
// A scheduled sending is queued at once, like any other (the daily limit counts it then), with
// every message's next_attempt at the chosen time: the sender's claim (sender.ts) needs no change,
// a message is simply not due before. Until its first message is taken it can be moved (the
// next_attempt of its rows) or cancelled (its rows deleted, the draft is a draft again). A
// sending window is kept the same way: outside it, the due queued messages of the sending get
// next_attempt = the next opening (applySendingWindows, run by every sender cycle).
import 'server-only';
import { bucharestToUtc, nextWindowOpen, WORKDAYS_WINDOW, type SendWindow } from '@/lib/sending/schedule';
import type pg from 'pg';
import type { Actor } from '../auth/actor';
import { sql } from '../kernel/db';
import { AppError, badRequest } from '../kernel/errors';
import { withTransaction } from '../kernel/tx';
import { assertCanSend, assertOwnSending } from './policy';
import { startDueFollowUps } from './follow-up';
import { firstMessageIdSql, hasDueQueuedMessageSql, sendingStartedSql } from './queries';
import { clockNow } from '../kernel/clock';

const SCHEDULE_TEXT = {
  past: 'Alegeți o dată și o oră din viitor.',
  tooFar: 'O trimitere poate fi programată cu cel mult un an înainte.',
  noSuchTime: 'Ora aleasă nu există în România (ceasul se dă înainte cu o oră la trecerea la ora de vară).',
  started: 'Trimiterea a început deja; nu mai poate fi mutată sau anulată.',
  notScheduled: 'Această trimitere nu este programată.',
} as const;

const YEAR_MS = 366 * 24 * 3600_000;

/**
 * The n-th message of a sending is due n microseconds after its first (decision 065). The sender
 * claims the oldest due first, so sendings due at the same moment are served in turns, one message
 * of each, instead of the first sending's 3,000 messages before the second's first: 100 sendings
 * scheduled for 9:00 all start in the first cycle. 3,000 messages spread over 3 ms change nothing else.
 */
export const STAGGER_SQL = (n: string) => `(${n}) * interval '1 microsecond'`;

/** SQL: `at` plus the row's place in its sending's queue ($1 the sending), kept when the queue is moved. */
const keepTurnSql = (at: string) =>
  `${at} + ${STAGGER_SQL(`ms.id - ${firstMessageIdSql('ms.grouped_mail_id')}`)}`;

export type SchedulePlan = { scheduledFor: Date | null; window: SendWindow | null; firstDue: Date | null };

/** The instant of a typed Bucharest time, checked: it exists, it is ahead, within a year. */
function scheduledInstant(local: string, now = clockNow()): Date {
  const at = bucharestToUtc(local);
  if (!at) throw badRequest(SCHEDULE_TEXT.noSuchTime);
  if (at.getTime() <= now.getTime()) throw badRequest(SCHEDULE_TEXT.past);
  if (at.getTime() > now.getTime() + YEAR_MS) throw badRequest(SCHEDULE_TEXT.tooFar);
  return at;
}

/** What sendMails does with ScheduledAt and UseWindow; firstDue null means "now" (no window). */
export function planSchedule(input: { ScheduledAt?: string | null; UseWindow?: boolean }, now = clockNow()): SchedulePlan {
  const scheduledFor = input.ScheduledAt ? scheduledInstant(input.ScheduledAt, now) : null;
  const window = input.UseWindow ? WORKDAYS_WINDOW : null;
  const start = scheduledFor ?? now;
  const firstDue = window ? nextWindowOpen(start, window) : scheduledFor;
  return { scheduledFor, window, firstDue };
}

/**
 * Locks the author's scheduled sending that has not started; the refusals otherwise. `send`: the
 * change makes mail go out (a new time), so the whole send rule applies; a withdrawal needs only
 * the ownership (server/sending/policy.ts).
 */
async function lockUnstarted(db: pg.PoolClient, actor: Actor, draftId: number, send: boolean) {
  const { rows } = await db.query<{ createdById: number; scheduled_for: Date | null; send_window: SendWindow | null; started: boolean }>(
    `SELECT created_by_id AS "createdById", scheduled_for, send_window,
            ${sendingStartedSql('gm')} AS started
       FROM grouped_mail gm WHERE gm.id = $1 AND NOT gm.is_deleted AND gm.sent_on IS NOT NULL FOR UPDATE`,
    [draftId],
  );
  const row = send ? await assertCanSend(actor, rows[0], db) : assertOwnSending(actor, rows[0]);
  if (!row.scheduled_for) throw new AppError('CONFLICT', SCHEDULE_TEXT.notScheduled);
  // Started: a message was taken (or the first one is due and a sender may take it any moment).
  if (row.started || row.scheduled_for.getTime() <= clockNow().getTime()) throw new AppError('CONFLICT', SCHEDULE_TEXT.started);
  return row;
}

/** PUT /api/MailSend/rescheduleSending: a new time for a scheduled sending that has not started. */
export async function rescheduleSending(actor: Actor, input: { MailDraftId: number; ScheduledAt: string }): Promise<{ ScheduledFor: string }> {
  const at = scheduledInstant(input.ScheduledAt);
  return withTransaction(async (db) => {
    const row = await lockUnstarted(db, actor, input.MailDraftId, true);
    const due = row.send_window ? nextWindowOpen(at, row.send_window) : at;
    await db.query(`UPDATE grouped_mail SET scheduled_for = $2 WHERE id = $1`, [input.MailDraftId, at]);
    await db.query(`UPDATE mail_send ms SET next_attempt = ${keepTurnSql('$2::timestamptz')} WHERE ms.grouped_mail_id = $1 AND ms.status = 'Queued'`, [input.MailDraftId, due]);
    return { ScheduledFor: at.toISOString() };
  });
}

/** PUT /api/MailSend/cancelScheduledSending: the queued messages go, the sending is a draft again. */
export async function cancelScheduledSending(actor: Actor, input: { MailDraftId: number }): Promise<{ Id: number }> {
  return withTransaction(async (db) => {
    await lockUnstarted(db, actor, input.MailDraftId, false);
    await db.query(`DELETE FROM mail_send WHERE grouped_mail_id = $1`, [input.MailDraftId]);
    await db.query(`DELETE FROM sending_result_snapshot WHERE grouped_mail_id = $1`, [input.MailDraftId]);
    await db.query(`UPDATE grouped_mail SET sent_on = NULL, scheduled_for = NULL, send_window = NULL, html = NULL WHERE id = $1`, [input.MailDraftId]);
    return { Id: input.MailDraftId };
  });
}

/**
 * Outside its window, a sending's due queued messages wait for the next opening. One cheap read of
 * the sendings that have a window and a due message; an update only for those outside their window.
 * Messages a sender already holds finish.
 */
export async function applySendingWindows(now = clockNow()): Promise<number> {
  const sendings = await sql<{ id: number; send_window: SendWindow }>(
    `SELECT gm.id, gm.send_window FROM grouped_mail gm
      WHERE gm.send_window IS NOT NULL AND gm.sent_on IS NOT NULL AND NOT gm.is_deleted
        AND ${hasDueQueuedMessageSql('gm')}`,
  );
  let moved = 0;
  for (const s of sendings) {
    const open = nextWindowOpen(now, s.send_window);
    if (open.getTime() === now.getTime()) continue;
    const rows = await sql(
      `UPDATE mail_send ms SET next_attempt = ${keepTurnSql('$2::timestamptz')} WHERE ms.grouped_mail_id = $1 AND ms.status = 'Queued' AND ms.next_attempt < $2::timestamptz RETURNING 1`,
      [s.id, open],
    );
    moved += rows.length;
  }
  return moved;
}

/** The sender cycle's one hook (sender.ts): windows kept, due follow-ups started (follow-up.ts). */
export async function runCampaignSchedules(): Promise<void> {
  await applySendingWindows();
  await startDueFollowUps();
}
