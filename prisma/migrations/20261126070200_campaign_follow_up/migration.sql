-- One follow-up step of a sending (issue 28, decision 057). A new table: nothing existing changes.
CREATE TABLE "campaign_follow_up" (
    "id" SERIAL NOT NULL,
    "grouped_mail_id" INTEGER NOT NULL,
    "template_id" INTEGER NOT NULL,
    "days" INTEGER NOT NULL,
    "condition" VARCHAR(16) NOT NULL,
    "due_at" TIMESTAMPTZ(6) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'Pending',
    "follow_up_mail_id" INTEGER,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_follow_up_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "campaign_follow_up_grouped_mail_id_key" ON "campaign_follow_up"("grouped_mail_id");
CREATE INDEX "campaign_follow_up_status_due_at_idx" ON "campaign_follow_up"("status", "due_at");
