-- Campaign sending: the mail_send rows are the durable queue (next_attempt, lease while Sending),
-- one row per address of a sending (unique: sending the same draft twice queues it once), a
-- stable Message-ID per row, filtered machine opens/clicks kept with their reason, and the
-- suppression list every later send honours (docs/decisions/020-021-022).

DROP INDEX IF EXISTS "mail_send_grouped_mail_id_idx";
DROP INDEX IF EXISTS "mail_send_status_idx";

ALTER TABLE "mail_send" ADD COLUMN "clicked_at" TIMESTAMP(3),
ADD COLUMN "message_id" VARCHAR(300),
ADD COLUMN "next_attempt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
UPDATE "mail_send" SET "message_id" = '<' || "tracking_id" || '@radarfirme.ro>' WHERE "message_id" IS NULL;
ALTER TABLE "mail_send" ALTER COLUMN "message_id" SET NOT NULL;

ALTER TABLE "mail_status_event" ADD COLUMN "filtered" VARCHAR(32),
ADD COLUMN "user_agent" VARCHAR(300);

CREATE TABLE "mail_suppression" (
    "email" VARCHAR(254) NOT NULL,
    "reason" VARCHAR(16) NOT NULL,
    "mail_send_id" INTEGER,
    "detail" VARCHAR(500),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_suppression_pkey" PRIMARY KEY ("email")
);

CREATE INDEX "mail_send_status_next_attempt_idx" ON "mail_send"("status", "next_attempt");

CREATE UNIQUE INDEX "mail_send_grouped_mail_id_email_key" ON "mail_send"("grouped_mail_id", "email");
