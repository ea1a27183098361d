// The saved-search job (issue 50, decisions 109 and 117): every SAVED_SEARCH_CHECK_HOURS a saved
// search of an active owner is evaluated again; the companies it matches now and did not match at
// the previous check (the first time: when its owner last opened it) are one webhook event when
// the owner subscribed an endpoint to `saved_search.new_matches`, else an in-app notice and a
// notification mail (server/saved-searches/notices.ts). The watermark (saved_search_check) and the
// event or notice are written in one transaction, so a crash repeats a check rather than losing or
// doubling one.
// Runs from the sender's loop (scripts/mail/send.ts) and /api/cron/saved-search-matches; only
// the due rows are read, so a frequent call costs one query.
import 'server-only';
import { activeUserSql } from '../auth/policy';
import { sql } from '../kernel/db';
import { env } from '../kernel/env';
import { clockNow, nowSql } from '../kernel/clock';
import { withTransaction } from '../kernel/tx';
import { queueWebhookEvent, subscribedEndpointExistsSql } from '../webhooks/events';
import { queueSavedSearchNotice, SAVED_SEARCHES_PATH } from './notices';
import { firstMatches } from './matches';
import { storedFilter } from './saved-searches';
import { ownSavedSearchSql } from './policy';

/** Saved searches checked per call: a call stays short; the rest are due at the next one. */
const BATCH = 20;
/** CUIs named in one event; the count says how many there are in all. */
const CUIS_IN_EVENT = 100;

export type SavedSearchCheckReport = { Checked: number; Events: number; Notices: number; Mails: number };

type Due = {
  id: number;
  user_id: number;
  name: string;
  filter: unknown;
  seen_cuis: number[];
  matched_cuis: number[] | null;
  checked_at: Date | null;
  checked_text: string | null;
  /** The owner has an endpoint for the event: it gets the event, not the notice and the mail. */
  subscribed: boolean;
};

export async function checkSavedSearchMatches(opts: { everyHours?: number } = {}): Promise<SavedSearchCheckReport> {
  const everyHours = opts.everyHours ?? env.SAVED_SEARCH_CHECK_HOURS;
  const due = await sql<Due>(
    `SELECT s.id, s.user_id, s.name, s.filter, s.seen_cuis, k.matched_cuis, k.checked_at, k.checked_at::text AS checked_text,
            ${subscribedEndpointExistsSql('s.user_id', `'saved_search.new_matches'`)} AS subscribed
       FROM saved_search s
       JOIN app_user u ON ${ownSavedSearchSql('u.id')} AND ${activeUserSql('u')}
       LEFT JOIN saved_search_check k ON k.saved_search_id = s.id
      WHERE (k.checked_at IS NULL OR k.checked_at <= ${nowSql()} - make_interval(hours => $1))
      ORDER BY k.checked_at NULLS FIRST, s.id
      LIMIT ${BATCH}`,
    [everyHours],
  );
  let events = 0;
  let notices = 0;
  let mails = 0;
  const base = `${env.APP_URL.replace(/\/$/, '')}${SAVED_SEARCHES_PATH}`;
  for (const s of due) {
    const now = await firstMatches(storedFilter(s.filter));
    const before = new Set(s.matched_cuis ?? s.seen_cuis);
    const fresh = now.filter((cui) => !before.has(cui));
    const queued = await withTransaction(async (db) => {
      // Two senders may hold the same due row: the second finds the watermark moved and stops
      // (compared as text: a JS Date would drop the microseconds).
      const moved = await db.query(
        `INSERT INTO saved_search_check (saved_search_id, matched_cuis, checked_at) VALUES ($1, $2, ${nowSql()})
         ON CONFLICT (saved_search_id) DO UPDATE SET matched_cuis = EXCLUDED.matched_cuis, checked_at = EXCLUDED.checked_at
          WHERE saved_search_check.checked_at IS NOT DISTINCT FROM $3::timestamptz`,
        [s.id, now, s.checked_text],
      );
      if (!moved.rowCount || !fresh.length) return 0;
      if (!s.subscribed) {
        const r = await queueSavedSearchNotice(db, { userId: s.user_id, savedSearchId: s.id, name: s.name, newCount: fresh.length, cuis: fresh.slice(0, CUIS_IN_EVENT) });
        notices++;
        if (r.mailed) mails++;
        return 0;
      }
      return queueWebhookEvent(
        {
          userIds: [s.user_id],
          type: 'saved_search.new_matches',
          data: { SavedSearchId: s.id, Name: s.name, NewCount: fresh.length, Cuis: fresh.slice(0, CUIS_IN_EVENT), Url: base },
          // One event per check: the previous watermark names it.
          dedupeKey: `${s.id}:${s.checked_at?.toISOString() ?? 'opened'}`,
        },
        db,
      );
    });
    events += queued;
  }
  return { Checked: due.length, Events: events, Notices: notices, Mails: mails };
}

let lastRun = 0;
/** The sender's loop: at most every 5 minutes per process (each call reads only the due rows). */
export async function checkSavedSearchMatchesEvery5Min(): Promise<SavedSearchCheckReport | null> {
  const t = clockNow().getTime();
  if (t - lastRun < 5 * 60_000) return null;
  lastRun = t;
  return checkSavedSearchMatches();
}
