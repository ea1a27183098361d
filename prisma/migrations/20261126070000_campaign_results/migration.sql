-- Campaigns a salesperson can trust (issue 28, decisions 057 and 058). Additive only: new
-- nullable columns or columns with a constant default (no table rewrite) and one index.

-- A scheduled sending: its messages are queued with next_attempt at this moment.
ALTER TABLE "grouped_mail" ADD COLUMN "scheduled_for" TIMESTAMPTZ(6);

-- A bounce reported after the SMTP conversation (DSN to the bounce address, relay webhook), and
-- the soft bounces counted towards suppression.
ALTER TABLE "mail_send" ADD COLUMN "bounced_at" TIMESTAMPTZ(6),
                        ADD COLUMN "soft_bounces" INTEGER NOT NULL DEFAULT 0;

-- The link a click went to: the results view counts clicks per link.
ALTER TABLE "mail_status_event" ADD COLUMN "url" VARCHAR(2000);

-- The results view joins a sending's messages to their unsubscribe or bounce.
CREATE INDEX "mail_suppression_mail_send_id_idx" ON "mail_suppression"("mail_send_id");
