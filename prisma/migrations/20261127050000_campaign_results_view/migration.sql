-- Campaigns (issue 28, decision 065). Additive only: one index and one new table.

-- A late bounce, a complaint and an unsubscribe stop the address's queued messages
-- (UPDATE … WHERE email = $1) and Postmark's events find the address's latest message by it;
-- without an index each was a scan of the whole queue history.
CREATE INDEX "mail_send_email_idx" ON "mail_send"("email");

-- The results view of a large sending reads these aggregates, one row per group of the sending
-- (group_id 0: messages sent outside a group), so the visibility rule still applies per group;
-- they are recomputed when older than a few seconds (server/sending/results.ts).
CREATE TABLE "sending_result_snapshot" (
    "grouped_mail_id" INTEGER NOT NULL,
    "group_id" INTEGER NOT NULL,
    "counts" JSONB NOT NULL,
    "links" JSONB NOT NULL,
    "timeline" JSONB NOT NULL,
    "refreshed_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),

    CONSTRAINT "sending_result_snapshot_pkey" PRIMARY KEY ("grouped_mail_id", "group_id")
);

ALTER TABLE "sending_result_snapshot" ADD CONSTRAINT "sending_result_snapshot_grouped_mail_id_fkey" FOREIGN KEY ("grouped_mail_id") REFERENCES "grouped_mail"("id") ON DELETE CASCADE ON UPDATE CASCADE;
