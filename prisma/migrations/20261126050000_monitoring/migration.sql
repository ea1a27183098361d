-- Monitoring (issue 26, docs/decisions/053 and 054): follows of companies and groups, the change
-- facts the importers record, the notifications fanned out to followers and their settings.
-- Additive only: new tables, no change to an existing one.
-- CreateTable
CREATE TABLE "watch_company" (
    "user_id" INTEGER NOT NULL,
    "cui" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "watch_company_pkey" PRIMARY KEY ("user_id","cui")
);

-- CreateTable
CREATE TABLE "watch_group" (
    "user_id" INTEGER NOT NULL,
    "group_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "watch_group_pkey" PRIMARY KEY ("user_id","group_id")
);

-- CreateTable
CREATE TABLE "company_change" (
    "id" BIGSERIAL NOT NULL,
    "cui" INTEGER NOT NULL,
    "kind" VARCHAR(24) NOT NULL,
    "old_value" VARCHAR(600),
    "new_value" VARCHAR(600),
    "source" VARCHAR(8) NOT NULL,
    "data_date" DATE NOT NULL,
    "run_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "company_change_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "change_id" BIGINT NOT NULL,
    "channel" VARCHAR(8) NOT NULL DEFAULT 'feed',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "read_at" TIMESTAMP(3),
    "emailed_at" TIMESTAMP(3),

    CONSTRAINT "notification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_setting" (
    "user_id" INTEGER NOT NULL,
    "kind" VARCHAR(24) NOT NULL,
    "channel" VARCHAR(8) NOT NULL,

    CONSTRAINT "notification_setting_pkey" PRIMARY KEY ("user_id","kind")
);

-- CreateTable
CREATE TABLE "notification_preference" (
    "user_id" INTEGER NOT NULL,
    "email_mode" VARCHAR(12) NOT NULL DEFAULT 'digest',
    "digest_hour" SMALLINT NOT NULL DEFAULT 8,
    "email_enabled" BOOLEAN NOT NULL DEFAULT true,
    "unsubscribe_id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "last_digest_on" DATE,

    CONSTRAINT "notification_preference_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "change_threshold" (
    "metric" VARCHAR(16) NOT NULL,
    "value" BIGINT NOT NULL,

    CONSTRAINT "change_threshold_pkey" PRIMARY KEY ("metric","value")
);

-- CreateIndex
CREATE INDEX "watch_company_cui_user_id_idx" ON "watch_company"("cui", "user_id");

-- CreateIndex
CREATE INDEX "watch_group_group_id_idx" ON "watch_group"("group_id");

-- CreateIndex
CREATE INDEX "company_change_cui_id_idx" ON "company_change"("cui", "id" DESC);

-- CreateIndex
CREATE INDEX "company_change_run_id_idx" ON "company_change"("run_id");

-- CreateIndex
CREATE INDEX "notification_user_id_id_idx" ON "notification"("user_id", "id" DESC);

-- CreateIndex
CREATE INDEX "notification_change_id_idx" ON "notification"("change_id");

-- CreateIndex
CREATE UNIQUE INDEX "notification_user_id_change_id_key" ON "notification"("user_id", "change_id");

-- CreateIndex
CREATE UNIQUE INDEX "notification_preference_unsubscribe_id_key" ON "notification_preference"("unsubscribe_id");

-- AddForeignKey
ALTER TABLE "watch_company" ADD CONSTRAINT "watch_company_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "watch_company" ADD CONSTRAINT "watch_company_cui_fkey" FOREIGN KEY ("cui") REFERENCES "company"("cui") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "watch_group" ADD CONSTRAINT "watch_group_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "watch_group" ADD CONSTRAINT "watch_group_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "company_group_list"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_change" ADD CONSTRAINT "company_change_cui_fkey" FOREIGN KEY ("cui") REFERENCES "company"("cui") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification" ADD CONSTRAINT "notification_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification" ADD CONSTRAINT "notification_change_id_fkey" FOREIGN KEY ("change_id") REFERENCES "company_change"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_preference" ADD CONSTRAINT "notification_preference_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The bell's unread count and the digest's pending mails read only these rows.
CREATE INDEX "notification_unread_idx" ON "notification" ("user_id") WHERE "read_at" IS NULL;
CREATE INDEX "notification_email_pending_idx" ON "notification" ("user_id") WHERE "channel" = 'email' AND "emailed_at" IS NULL;

-- The levels whose crossing is a change (RON for turnover and profit, people for employees).
INSERT INTO "change_threshold" ("metric", "value") VALUES
  ('turnover', 1000000), ('turnover', 10000000), ('turnover', 50000000), ('turnover', 250000000),
  ('profit', 0),
  ('employees', 10), ('employees', 50), ('employees', 250);

-- The latest-year facts of the companies an MF import changes, as they were before its
-- after-merge write (scripts/import/changes.ts); emptied when the run has compared them.
CREATE UNLOGGED TABLE "imp_fact_before" (
  "run_id" INTEGER NOT NULL,
  "cui" INTEGER NOT NULL,
  "caen_code" VARCHAR(4),
  "last_year" SMALLINT,
  "employees" INTEGER NOT NULL,
  "turnover" BIGINT NOT NULL,
  "profit" BIGINT NOT NULL,
  "insolvency_score" REAL,
  PRIMARY KEY ("run_id", "cui")
);

-- A queued mail may carry header fields of its own (the digests' RFC 8058 unsubscribe headers).
ALTER TABLE "outbox_mail" ADD COLUMN "headers" JSONB;
