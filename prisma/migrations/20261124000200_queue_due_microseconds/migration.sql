-- The queues' due time keeps microseconds, as now() does. With TIMESTAMP(3), any write of now()
-- (the column default, the unblock's "due now") was rounded to the millisecond, up half the time,
-- so a claim in that fraction of a millisecond saw the row as not yet due. 20261124000100 cut the
-- default to the millisecond; every statement that writes now() would need the same care. At the
-- column's own precision none does. Raising a timestamp's precision needs no table rewrite.
ALTER TABLE "outbox_mail"
  ALTER COLUMN "next_attempt" TYPE TIMESTAMP(6),
  ALTER COLUMN "next_attempt" SET DEFAULT CURRENT_TIMESTAMP;
ALTER TABLE "mail_send"
  ALTER COLUMN "next_attempt" TYPE TIMESTAMP(6),
  ALTER COLUMN "next_attempt" SET DEFAULT CURRENT_TIMESTAMP;
