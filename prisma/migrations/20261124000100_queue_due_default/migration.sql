-- A queued mail is due at once: next_attempt defaulted to CURRENT_TIMESTAMP, which the column's
-- millisecond precision rounds, up half the time (…04.335852 is stored as …04.336). A claim within
-- that fraction of a millisecond (the delivery tried right after queueing, or a fast sender) saw the
-- new row as not yet due and left it to the next run. Truncated to the millisecond, the default is
-- never later than the moment the row was written.
ALTER TABLE "outbox_mail" ALTER COLUMN "next_attempt" SET DEFAULT date_trunc('milliseconds', now());
ALTER TABLE "mail_send" ALTER COLUMN "next_attempt" SET DEFAULT date_trunc('milliseconds', now());
