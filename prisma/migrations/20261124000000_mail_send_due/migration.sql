-- The sender claims the oldest due campaign messages: WHERE status IN ('Queued', 'Sending') AND
-- next_attempt <= now() ORDER BY next_attempt, id LIMIT n. The (status, next_attempt) index gives
-- two ranges, one per status, that PostgreSQL must read whole and sort: 27 ms per claim with
-- 100,000 due messages, growing with the queue. This partial index is in the claim's order, so a
-- claim reads only the rows it takes (3 ms at 100,000 due and 100,000 parked). Parked messages of a
-- blocked author (next_attempt 9999-12-31, decision 017) sit at its end and are never read.
CREATE INDEX IF NOT EXISTS "mail_send_due_idx" ON "mail_send" ("next_attempt", "id") WHERE "status" IN ('Queued', 'Sending');
