// Reads of the sending domain: history, per-company summaries, comments, the draft's send
// summary. Aggregations over the mail_send rows run as SQL (one statement per list), each with the
// visibility rule of policy.ts applied to every row.
import 'server-only';
import type {
  CompanySentSummary,
  CompanyTemplateMails,
  MailComment,
  MailCompanyEntry,
  MailStatus,
  Paged,
  SendSummary,
  SentMailing,
} from '@/lib/sending/types';
import { COMPANIES_PAGE_SIZE, SENT_COMPANIES_PAGE_SIZE } from '@/lib/sending/schemas';
import type pg from 'pg';
import type { Actor } from '../auth/actor';
import { prisma, sql } from '../kernel/db';
import { env } from '../kernel/env';
import { notFound } from '../kernel/errors';
import { draftNotFound, ownMailWhere } from '../drafts/policy';
import { DRAFT_TEXT_SELECT } from '../drafts/queries';
import { mailAddressForReaderSql, mailAddressVisibleSql } from '../contacts/policy';
import { assertCanReadGroup } from '../groups/policy';
import { visibleMailRowSql } from './policy';
import { RECIPIENTS_SQL } from './recipients';
import { ownValue } from '@/lib/shared/own-key';
import { senderPreviewOf } from './identity-queries';
import { withRolledBackTransaction } from '../kernel/tx';
import { addSegmentCompanies } from '../prospecting/segments';
import { nowSql } from '../kernel/clock';

const MAIL_NOT_FOUND = 'Email-ul nu a fost găsit.';
const SENDING_NOT_FOUND = 'Trimiterea nu a fost găsită.';

const pages = (count: number, size: number) => Math.ceil(count / size);
const iso = (d: Date | string) => new Date(d).toISOString();
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function assertCanSeeMail(actor: Actor, mailSendId: number, message = MAIL_NOT_FOUND): Promise<void> {
  const rows = await sql(
    `SELECT 1 FROM mail_send ms JOIN grouped_mail gm ON gm.id = ms.grouped_mail_id
      WHERE ms.id = $2 AND NOT gm.is_deleted AND ${visibleMailRowSql('$1', 'gm', 'ms.group_id')}`,
    [actor.userId, mailSendId],
  );
  if (!rows.length) throw notFound(message);
}

const HISTORY_ORDER_SQL: Record<string, string> = {
  SendOn: 'gm.sent_on ASC, gm.id ASC',
  SendOn_desc: 'gm.sent_on DESC, gm.id DESC',
  Name: 'coalesce(t.name, gm.name) ASC, gm.id DESC',
  Name_desc: 'coalesce(t.name, gm.name) DESC, gm.id DESC',
};

type HistoryRow = {
  id: number;
  name: string;
  template_name: string | null;
  sent_on: Date;
  scheduled_for: Date | null;
  send_by: string;
  is_author: boolean;
  total: number;
  opened: number;
  pending: number;
  full_count: number;
};

/** GET getMailsHistory / getMailsHistoryByGroup: the sendings the actor may see, one row each. */
export async function findMailsHistory(
  actor: Actor,
  q: { OrderBy: string; SearchText: string; PageNumber: number; PageSize: number; GroupId?: number },
): Promise<Paged<SentMailing>> {
  if (q.GroupId) await assertCanReadGroup(actor, q.GroupId);
  const params: unknown[] = [actor.userId, q.PageSize, (q.PageNumber - 1) * q.PageSize];
  let filter = '';
  if (q.GroupId) {
    params.push(q.GroupId);
    filter += ` AND ms.group_id = $${params.length}`;
  }
  if (q.SearchText) {
    params.push(likePattern(q.SearchText));
    const p = `$${params.length}`;
    filter += ` AND (gm.name ILIKE ${p} OR t.name ILIKE ${p} OR u.user_name ILIKE ${p})`;
  }
  const rows = await sql<HistoryRow>(
    `SELECT gm.id, gm.name, t.name AS template_name, gm.sent_on, gm.scheduled_for, u.user_name AS send_by, gm.created_by_id = $1 AS is_author,
            count(ms.id) FILTER (WHERE ms.status <> 'Suprimat')::int AS total,
            count(ms.id) FILTER (WHERE ms.status IN ('Deschis', 'Interactionat'))::int AS opened,
            count(ms.id) FILTER (WHERE ms.status IN ('Queued', 'Sending'))::int AS pending,
            (count(*) OVER ())::int AS full_count
       FROM grouped_mail gm
       JOIN mail_send ms ON ms.grouped_mail_id = gm.id
       JOIN app_user u ON u.id = gm.created_by_id
       LEFT JOIN mail_template t ON t.id = gm.template_id
      WHERE gm.sent_on IS NOT NULL AND NOT gm.is_deleted
        AND ${visibleMailRowSql('$1', 'gm', 'ms.group_id')}${filter}
      GROUP BY gm.id, t.name, u.user_name
      ORDER BY ${ownValue(HISTORY_ORDER_SQL, q.OrderBy) ?? HISTORY_ORDER_SQL.SendOn_desc}
      LIMIT $2 OFFSET $3`,
    params,
  );
  const count = rows[0]?.full_count ?? (q.PageNumber > 1 ? await countHistory(actor, q) : 0);
  return {
    Items: rows.map((r) => ({
      GroupedMailId: r.id,
      SendOn: iso(r.sent_on),
      Name: r.name,
      TemplateName: r.template_name,
      SendBy: r.send_by,
      NumberOfOpenedMails: r.opened,
      NumberOfTotalMails: r.total,
      NumberOfPendingMails: r.pending,
      IsAuthor: r.is_author,
      ScheduledFor: r.scheduled_for ? iso(r.scheduled_for) : null,
    })),
    Count: count,
    NumberOfPages: pages(count, q.PageSize),
  };
}

async function countHistory(actor: Actor, q: { SearchText: string; PageNumber: number; PageSize: number; GroupId?: number; OrderBy: string }) {
  const r = await findMailsHistory(actor, { ...q, PageNumber: 1, PageSize: 1 });
  return r.Count;
}

type CompanyMailRow = {
  cui: number;
  name: string;
  group_name: string | null;
  mail_id: number | null;
  email: string | null;
  status: MailStatus | null;
  last_error: string | null;
  status_on: Date | null;
  comments: number;
  full_count: number;
};

/** GET getCompaniesMailByGroup: the companies of one sending (of one group when groupId is given). */
export async function findCompaniesOfSending(
  actor: Actor,
  q: { groupedMailId: number; groupId?: number; PageNumber: number },
): Promise<Paged<MailCompanyEntry>> {
  if (q.groupId) await assertCanReadGroup(actor, q.groupId);
  const params: unknown[] = [actor.userId, q.groupedMailId, COMPANIES_PAGE_SIZE, (q.PageNumber - 1) * COMPANIES_PAGE_SIZE];
  let filter = '';
  if (q.groupId) {
    params.push(q.groupId);
    filter = ` AND gmc.group_id = $${params.length}`;
  }
  const rows = await sql<CompanyMailRow>(
    `WITH companies AS (
       SELECT gmc.cui, gmc.group_id, c.name, (count(*) OVER ())::int AS full_count
         FROM grouped_mail gm
         JOIN grouped_mail_company gmc ON gmc.grouped_mail_id = gm.id
         JOIN company c ON c.cui = gmc.cui
        WHERE gm.id = $2 AND gm.sent_on IS NOT NULL AND NOT gm.is_deleted
          AND ${visibleMailRowSql('$1', 'gm', 'gmc.group_id')}${filter}
        ORDER BY c.name, gmc.cui
        LIMIT $3 OFFSET $4)
     SELECT co.cui, co.name, g.name AS group_name, ms.id AS mail_id, ${mailAddressForReaderSql('$1')} AS email, ms.status, ms.last_error, co.full_count,
            (SELECT min(e.created_at) FROM mail_status_event e WHERE e.mail_send_id = ms.id AND e.status = ms.status AND e.filtered IS NULL) AS status_on,
            (SELECT count(*)::int FROM mail_comment mc WHERE mc.mail_send_id = ms.id AND NOT mc.is_deleted) AS comments
       FROM companies co
       JOIN grouped_mail gm ON gm.id = $2
       LEFT JOIN company_group_list g ON g.id = co.group_id
       LEFT JOIN mail_send ms ON ms.grouped_mail_id = $2 AND ms.cui = co.cui
      ORDER BY co.name, co.cui, 6, ms.id`,
    params,
  );
  if (!rows.length && q.PageNumber === 1) throw notFound(SENDING_NOT_FOUND);
  const byCui = new Map<number, MailCompanyEntry>();
  for (const r of rows) {
    let entry = byCui.get(r.cui);
    if (!entry) {
      entry = { CompanyCui: r.cui, Name: r.name, GroupName: r.group_name, HasMail: false, Email: '', MailSendId: 0, Mails: [] };
      byCui.set(r.cui, entry);
    }
    if (r.mail_id && r.email && r.status) {
      if (!entry.HasMail) {
        entry.HasMail = true;
        entry.Email = r.email;
        entry.MailSendId = r.mail_id;
      }
      entry.Mails.push({
        MailSendId: r.mail_id,
        Mail: r.email,
        Status: r.status,
        IsOpened: r.status === 'Deschis' || r.status === 'Interactionat',
        LastError: r.status === 'Esuat' ? r.last_error : null,
        StatusOn: r.status_on ? iso(r.status_on) : null,
        CommentsNumber: r.comments,
      });
    }
  }
  const count = rows[0]?.full_count ?? 0;
  return { Items: [...byCui.values()], Count: count, NumberOfPages: pages(count, COMPANIES_PAGE_SIZE) };
}

/** The rendered copy of a sending (sample merge values) for Previzualizare. */
export async function getSendingPreview(actor: Actor, groupedMailId: number): Promise<{ Subject: string; Html: string }> {
  const rows = await sql<{ name: string; html: string | null }>(
    `SELECT gm.name, gm.html FROM grouped_mail gm
      WHERE gm.id = $2 AND gm.sent_on IS NOT NULL AND NOT gm.is_deleted
        AND EXISTS (SELECT 1 FROM grouped_mail_company gmc WHERE gmc.grouped_mail_id = gm.id AND ${visibleMailRowSql('$1', 'gm', 'gmc.group_id')})`,
    [actor.userId, groupedMailId],
  );
  if (!rows.length) throw notFound(SENDING_NOT_FOUND);
  return { Subject: rows[0].name, Html: rows[0].html ?? '' };
}

const SENT_COMPANIES_ORDER_SQL: Record<string, string> = {
  Name: 'c.name ASC, ms.cui',
  Name_desc: 'c.name DESC, ms.cui',
  NumberOfMails: 'n ASC, ms.cui',
  NumberOfMails_desc: 'n DESC, ms.cui',
  LastSendOn: 'last_send ASC, ms.cui',
  LastSendOn_desc: 'last_send DESC, ms.cui',
};

/** GET getCompaniesSendedMails: companies that received the actor's visible sendings. */
export async function findCompaniesWithSentMails(
  actor: Actor,
  q: { OrderBy: string; SearchText: string; PageNumber: number },
): Promise<Paged<CompanySentSummary>> {
  const params: unknown[] = [actor.userId, SENT_COMPANIES_PAGE_SIZE, (q.PageNumber - 1) * SENT_COMPANIES_PAGE_SIZE];
  let filter = '';
  if (q.SearchText) {
    params.push(likePattern(q.SearchText));
    const p = `$${params.length}`;
    // A private address is searchable by its owner only (a match would tell anyone else it exists).
    filter = ` AND (c.name ILIKE ${p} OR (ms.email ILIKE ${p} AND ${mailAddressVisibleSql('$1')}) OR ms.cui::text LIKE ${p})`;
  }
  const rows = await sql<{ name: string; cui: number; n: number; last_send: Date; full_count: number }>(
    `SELECT c.name, ms.cui, count(DISTINCT gm.id)::int AS n, max(gm.sent_on) AS last_send, (count(*) OVER ())::int AS full_count
       FROM mail_send ms
       JOIN grouped_mail gm ON gm.id = ms.grouped_mail_id
       JOIN company c ON c.cui = ms.cui
      WHERE gm.sent_on IS NOT NULL AND NOT gm.is_deleted
        AND ${visibleMailRowSql('$1', 'gm', 'ms.group_id')}${filter}
      GROUP BY ms.cui, c.name
      ORDER BY ${ownValue(SENT_COMPANIES_ORDER_SQL, q.OrderBy) ?? SENT_COMPANIES_ORDER_SQL.Name}
      LIMIT $2 OFFSET $3`,
    params,
  );
  const count = rows[0]?.full_count ?? 0;
  return {
    Items: rows.map((r) => ({ Company: r.name, Cui: r.cui, NumberOfMails: r.n, LastSendOn: iso(r.last_send) })),
    Count: count,
    NumberOfPages: pages(count, SENT_COMPANIES_PAGE_SIZE),
  };
}

/** GET getMailsByCompanies?companyCui: the visible sendings to one company, newest first. */
export async function findMailsOfCompany(actor: Actor, cui: number): Promise<{ Items: CompanyTemplateMails[] }> {
  const rows = await sql<{ gid: number; name: string; sent_on: Date; id: number; email: string; status: MailStatus; status_on: Date | null }>(
    `SELECT gm.id AS gid, coalesce(t.name, gm.name) AS name, gm.sent_on, ms.id, ${mailAddressForReaderSql('$1')} AS email, ms.status,
            (SELECT min(e.created_at) FROM mail_status_event e WHERE e.mail_send_id = ms.id AND e.status = ms.status AND e.filtered IS NULL) AS status_on
       FROM mail_send ms
       JOIN grouped_mail gm ON gm.id = ms.grouped_mail_id
       LEFT JOIN mail_template t ON t.id = gm.template_id
      WHERE ms.cui = $2 AND gm.sent_on IS NOT NULL AND NOT gm.is_deleted
        AND ${visibleMailRowSql('$1', 'gm', 'ms.group_id')}
      ORDER BY gm.sent_on DESC, gm.id DESC, 5, ms.id
      LIMIT 500`,
    [actor.userId, cui],
  );
  const out = new Map<number, CompanyTemplateMails>();
  for (const r of rows) {
    let item = out.get(r.gid);
    if (!item) {
      item = { GroupedMailId: r.gid, Name: r.name, SendOn: iso(r.sent_on), Mails: [] };
      out.set(r.gid, item);
    }
    item.Mails.push({ MailSendId: r.id, Mail: r.email, Status: r.status, StatusOn: r.status_on ? iso(r.status_on) : null });
  }
  return { Items: [...out.values()] };
}

export async function findMailComments(actor: Actor, mailSendId: number): Promise<MailComment[]> {
  await assertCanSeeMail(actor, mailSendId);
  const rows = await prisma.mailComment.findMany({
    where: { mailSendId, isDeleted: false },
    orderBy: { createdAt: 'asc' },
    select: { id: true, content: true, createdAt: true, createdById: true, mailSendId: true },
  });
  const authors = await prisma.user.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.createdById))] } },
    select: { id: true, userName: true },
  });
  const names = new Map(authors.map((a) => [a.id, a.userName]));
  return rows.map((r) => ({
    Id: r.id,
    Content: r.content,
    Comment: r.content,
    MailId: r.mailSendId,
    CreatedBy: names.get(r.createdById) ?? '',
    CreatedOn: r.createdAt.toISOString(),
    IsEditable: r.createdById === actor.userId,
  }));
}

/**
 * What sending a draft would do, for the draft page before Trimite: how many addresses, how many
 * the suppression list will skip and why, and the daily limit. The draft's author only.
 */
export async function getSendSummary(actor: Actor, draftId: number): Promise<SendSummary> {
  const draft = await prisma.groupedMail.findFirst({ where: { id: draftId, ...ownMailWhere(actor) }, select: { id: true, sentOn: true } });
  if (!draft) throw draftNotFound();
  // A saved search the draft targets is resolved exactly as sending resolves it, in a transaction
  // rolled back at the end: the preview counts what a send now would reach (decision 064).
  const r = await withRolledBackTransaction(async (client) => {
    if (!draft.sentOn) await addSegmentCompanies(client, actor, draftId);
    const res = await client.query<{ total: number; unsubscribed: number; bounced: number; without: number; companies: number }>(
      `SELECT (SELECT count(*) FROM (${RECIPIENTS_SQL}) r)::int AS total,
              (SELECT count(*) FROM (${RECIPIENTS_SQL}) r JOIN mail_suppression s ON s.email = r.email WHERE s.reason = 'Unsubscribe')::int AS unsubscribed,
              (SELECT count(*) FROM (${RECIPIENTS_SQL}) r JOIN mail_suppression s ON s.email = r.email WHERE s.reason <> 'Unsubscribe')::int AS bounced,
              (SELECT count(*) FROM grouped_mail_company gmc
                WHERE gmc.grouped_mail_id = $1
                  AND NOT EXISTS (SELECT 1 FROM (${RECIPIENTS_SQL}) r WHERE r.cui = gmc.cui))::int AS without,
              (SELECT count(*) FROM grouped_mail_company gmc WHERE gmc.grouped_mail_id = $1)::int AS companies`,
      [draftId, actor.userId],
    );
    return res.rows[0];
  });
  const used = await countSentLast24h(null, actor.userId);
  const suppressed = r.unsubscribed + r.bounced;
  const sender = await senderPreviewOf(actor.userId);
  return {
    Recipients: r.total,
    Suppressed: suppressed,
    Unsubscribed: r.unsubscribed,
    Bounced: r.bounced,
    CompaniesWithoutEmail: r.without,
    Companies: r.companies,
    WillSend: r.total - suppressed,
    DailyLimit: env.MAIL_DAILY_LIMIT_PER_USER,
    SentLast24h: used,
    RemainingToday: Math.max(0, env.MAIL_DAILY_LIMIT_PER_USER - used),
    ...sender,
  };
}

/** Messages the user's sendings queued in the last 24 hours (the daily limit is a rolling window). */
export async function countSentLast24h(client: pg.PoolClient | null, userId: number): Promise<number> {
  const q = `SELECT count(*)::int AS n FROM mail_send ms JOIN grouped_mail gm ON gm.id = ms.grouped_mail_id
              WHERE gm.created_by_id = $1 AND gm.sent_on > now() - interval '24 hours' AND ms.status <> 'Suprimat'`;
  const rows = client ? (await client.query<{ n: number }>(q, [userId])).rows : await sql<{ n: number }>(q, [userId]);
  return rows[0]?.n ?? 0;
}

// ───────────── reads of the other sending modules (docs/decisions/085: mail_send is read here) ─────────────

/** How many messages a sending queued (a repeated sendMails answers it), on the caller's transaction. */
export async function countMessagesOf(db: Pick<pg.PoolClient, 'query'>, groupedMailId: number): Promise<number> {
  const n = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_send WHERE grouped_mail_id = $1`, [groupedMailId]);
  return n.rows[0].n;
}

/** The message an open, a click or an unsubscribe names, with the seconds since it was sent (the machine filter). */
export async function findMessageByTrackingId(trackingId: string): Promise<{ id: number; email: string; status: string; seconds: number | null } | null> {
  const rows = await sql<{ id: number; email: string; status: string; seconds: number | null }>(
    `SELECT id, email, status, EXTRACT(EPOCH FROM (now() - sent_at))::float8 AS seconds FROM mail_send WHERE tracking_id = $1::uuid`,
    [trackingId],
  );
  return rows[0] ?? null;
}

/**
 * SQL (id, email): the message a bounce or complaint report names (`trackingId`, an SQL uuid
 * expression), sent to the reported address (`email`, an SQL expression in lower case), or no row.
 * No fallback to "the address's latest message": a report naming no message of ours could then stop
 * mail to any address (decision 086). server/sending/bounces/record.ts runs it for one report and
 * inside its batch statement for many.
 */
export const reportedMessageSql = (trackingId: string, email: string) =>
  `SELECT id, email FROM mail_send WHERE tracking_id = ${trackingId} AND lower(email) = ${email} AND sent_at IS NOT NULL`;

/** The message one report names (reportedMessageSql), or null. */
export async function findReportedMessage(trackingId: string, email: string): Promise<{ id: number; email: string } | null> {
  const [row] = await sql<{ id: number; email: string }>(reportedMessageSql('$1::uuid', '$2'), [trackingId, email.toLowerCase()]);
  return row ?? null;
}

/** SQL expression: the soft bounces counted on every message to the address `email` (an SQL expression), as the statement's snapshot sees them. */
export const softBouncesOfAddressSql = (email: string) => `(SELECT coalesce(sum(soft_bounces), 0) FROM mail_send WHERE email = ${email})`;

/**
 * SQL: the ids of the tracking events older than `cutoff` (an SQL timestamptz) whose status is in
 * `statuses` (an SQL text[]), oldest first, at most `limit`: one batch of the tracking retention
 * (server/personal-data/retention.ts deletes them and keeps their daily totals).
 */
export function agedEventIdsSql(cutoff: string, statuses: string, limit: number): string {
  // Spelled into the statement: only a positive integer may be.
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`agedEventIdsSql: limit ${limit} is not a positive integer`);
  return `SELECT id FROM mail_status_event WHERE created_at < ${cutoff} AND status = ANY(${statuses}) ORDER BY id LIMIT ${limit}`;
}

/**
 * SQL relation (id, grouped_mail_id): the sending each message belongs to, without its recipient:
 * what the tracking retention's daily totals group by. A plain subquery, which PostgreSQL pulls
 * up into the join (the plan is the join on mail_send itself).
 */
export const MESSAGE_SENDING_SQL = '(SELECT id, grouped_mail_id FROM mail_send)';

/** Campaign messages waiting (Queued) or held by a sender (Sending), per status: the queue-depth gauge of /api/metrics. */
export async function countQueueByStatus(): Promise<Array<{ state: 'Queued' | 'Sending'; n: number }>> {
  return sql<{ state: 'Queued' | 'Sending'; n: number }>(
    `SELECT status AS state, count(*)::int AS n FROM mail_send WHERE status IN ('Queued', 'Sending') GROUP BY status`,
  );
}

/**
 * The user's own sendings with their messages (recipient, status, dates), `take` after the sending
 * `after`, for the own-data download (server/personal-data/own-data.ts, decisions 060 and 124: page
 * by page, a sending's design may be 5 MB): their own rows only, so no visibility rule applies
 * beyond the author.
 */
export async function findOwnSendingsWithMessages(userId: number, after: number, take: number) {
  return prisma.groupedMail.findMany({
    where: { createdById: userId, isDeleted: false, sentOn: { not: null }, id: { gt: after } },
    select: {
      ...DRAFT_TEXT_SELECT,
      sentOn: true,
      companies: { select: { cui: true, groupId: true } },
      mails: { select: { cui: true, email: true, status: true, sentAt: true, openedAt: true, clickedAt: true } },
    },
    orderBy: { id: 'asc' },
    take,
  });
}

/** The user's unsent drafts, `take` after the draft `after`, with their companies. */
export async function findOwnDrafts(userId: number, after: number, take: number) {
  return prisma.groupedMail.findMany({
    where: { createdById: userId, isDeleted: false, sentOn: null, id: { gt: after } },
    select: { ...DRAFT_TEXT_SELECT, sentOn: true, companies: { select: { cui: true, groupId: true } } },
    orderBy: { id: 'asc' },
    take,
  });
}

/** SQL: the id of the first message of the sending `groupedMailId` (an SQL expression): a row's turn in its queue. */
export const firstMessageIdSql = (groupedMailId: string) => `(SELECT min(f.id) FROM mail_send f WHERE f.grouped_mail_id = ${groupedMailId})`;

/** SQL: the sending `gm` has started (a message tried or sent): its schedule can no longer change. */
export const sendingStartedSql = (gm = 'gm') =>
  `EXISTS (SELECT 1 FROM mail_send ms WHERE ms.grouped_mail_id = ${gm}.id AND (ms.attempts > 0 OR ms.sent_at IS NOT NULL))`;

/** SQL: the sending `gm` has a queued message that is due now. */
export const hasDueQueuedMessageSql = (gm = 'gm') =>
  `EXISTS (SELECT 1 FROM mail_send ms WHERE ms.grouped_mail_id = ${gm}.id AND ms.status = 'Queued' AND ms.next_attempt <= ${nowSql()})`;

/** SQL ($1 the reader, $2 the sending): a sent, live sending whose message `ms` the reader may see (decision 022). */
const SENDING_ROW_FOR_READER_SQL = `gm.id = $2 AND gm.sent_on IS NOT NULL AND NOT gm.is_deleted AND ${visibleMailRowSql('$1', 'gm', 'ms.group_id')}`;

/** SQL ($1 reader, $2 sending): the sending's subject, when the reader may see one of its messages (the export's 404 otherwise). */
export const SENDING_EXPORT_HEAD_SQL = `SELECT gm.name FROM grouped_mail gm JOIN mail_send ms ON ms.grouped_mail_id = gm.id WHERE ${SENDING_ROW_FOR_READER_SQL} LIMIT 1`;

/**
 * SQL ($1 reader, $2 sending, $3 after this id, $4 how many): the export's rows of a sending, other
 * authors' private addresses masked (mailAddressForReaderSql), with why an address was suppressed.
 */
export const SENDING_EXPORT_ROWS_SQL = `
  SELECT ms.id, c.cui, c.name AS company, g.name AS group_name, ${mailAddressForReaderSql('$1')} AS email, ms.status,
         ms.sent_at, ms.opened_at, ms.clicked_at, ms.bounced_at, s.reason AS suppressed_for, ms.last_error
    FROM mail_send ms JOIN grouped_mail gm ON gm.id = ms.grouped_mail_id
    JOIN company c ON c.cui = ms.cui
    LEFT JOIN mail_suppression s ON s.mail_send_id = ms.id
    LEFT JOIN company_group_list g ON g.id = ms.group_id
   WHERE ${SENDING_ROW_FOR_READER_SQL} AND ms.id > $3
   ORDER BY ms.id LIMIT $4`;

// ───────────── a sending's results (server/sending/results.ts keeps them as snapshots) ─────────────

/** The counts over `ms` (mail_send) joined to `s` (its mail_suppression row, if any). */
const COUNTS_SQL = `
  count(*) FILTER (WHERE ms.status <> 'Suprimat')::int AS total,
  count(*) FILTER (WHERE ms.status IN ('Queued', 'Sending') AND ms.last_error IS NULL)::int AS queued,
  count(*) FILTER (WHERE ms.sent_at IS NOT NULL)::int AS sent,
  count(*) FILTER (WHERE ms.status IN ('Queued', 'Sending') AND ms.last_error IS NOT NULL)::int AS deferred,
  count(*) FILTER (WHERE ms.status = 'Esuat')::int AS failed,
  count(*) FILTER (WHERE ms.status = 'Suprimat')::int AS suppressed,
  count(*) FILTER (WHERE ms.bounced_at IS NOT NULL OR s.reason = 'Bounce')::int AS bounced,
  count(*) FILTER (WHERE s.reason = 'Complaint')::int AS complaints,
  count(*) FILTER (WHERE ms.opened_at IS NOT NULL)::int AS opened,
  count(*) FILTER (WHERE ms.clicked_at IS NOT NULL)::int AS clicked,
  count(*) FILTER (WHERE s.reason = 'Unsubscribe')::int AS unsubscribed`;

/** SQL ($1 the sending): recomputes its result snapshot per group (counts, clicks per link, the hourly timeline). */
export const REFRESH_SQL = `
  WITH counts AS (
    SELECT coalesce(ms.group_id, 0) AS group_id, bool_or(ms.attempts > 0 OR ms.sent_at IS NOT NULL) AS started, ${COUNTS_SQL}
      FROM mail_send ms LEFT JOIN mail_suppression s ON s.mail_send_id = ms.id
     WHERE ms.grouped_mail_id = $1
     GROUP BY 1),
  links AS (
    SELECT g AS group_id, jsonb_agg(jsonb_build_object('u', url, 'c', clicks, 'r', recipients) ORDER BY clicks DESC, url) AS links
      FROM (SELECT coalesce(ms.group_id, 0) AS g, e.url, count(*)::int AS clicks, count(DISTINCT e.mail_send_id)::int AS recipients
              FROM mail_status_event e JOIN mail_send ms ON ms.id = e.mail_send_id
             WHERE ms.grouped_mail_id = $1 AND e.status = 'Interactionat' AND e.filtered IS NULL AND e.url IS NOT NULL
             GROUP BY 1, 2) l
     GROUP BY g),
  timeline AS (
    SELECT g AS group_id, jsonb_agg(jsonb_build_object('t', at, 'o', opened, 'c', clicked) ORDER BY at) AS timeline
      FROM (SELECT coalesce(ms.group_id, 0) AS g, date_trunc('hour', x.at) AS at,
                   count(*) FILTER (WHERE x.k = 'o')::int AS opened, count(*) FILTER (WHERE x.k = 'c')::int AS clicked
              FROM mail_send ms CROSS JOIN LATERAL (VALUES ('o', ms.opened_at), ('c', ms.clicked_at)) x(k, at)
             WHERE ms.grouped_mail_id = $1 AND x.at IS NOT NULL
             GROUP BY 1, 2) t
     GROUP BY g)
  INSERT INTO sending_result_snapshot (grouped_mail_id, group_id, counts, links, timeline, refreshed_at)
  SELECT $1, c.group_id, to_jsonb(c) - 'group_id', coalesce(l.links, '[]'), coalesce(t.timeline, '[]'), now()
    FROM counts c LEFT JOIN links l USING (group_id) LEFT JOIN timeline t USING (group_id)`;

/**
 * The facts a campaign webhook event carries (issue 50): the message, its sending, its company,
 * its address and the sending's author (who receives the event). The author's own data: the
 * address is the one they sent to.
 */
export async function findCampaignEventFacts(mailSendId: number): Promise<{ id: number; groupedMailId: number; cui: number; email: string; authorId: number } | null> {
  const [row] = await sql<{ id: number; groupedMailId: number; cui: number; email: string; authorId: number }>(
    `SELECT ms.id, ms.grouped_mail_id AS "groupedMailId", ms.cui, ms.email, gm.created_by_id AS "authorId"
       FROM mail_send ms JOIN grouped_mail gm ON gm.id = ms.grouped_mail_id WHERE ms.id = $1`,
    [mailSendId],
  );
  return row ?? null;
}
