-- Prospecting (issue 27): the export ledger behind the daily export limits (docs/decisions/055)
-- and saved searches (docs/decisions/056). New tables only.

-- CreateTable
CREATE TABLE "export_log" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "row_count" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "export_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "saved_search" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "filter" JSONB NOT NULL,
    "seen_cuis" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "last_opened_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "saved_search_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "export_log_user_id_created_at_idx" ON "export_log"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "saved_search_user_id_idx" ON "saved_search"("user_id");

-- AddForeignKey
ALTER TABLE "export_log" ADD CONSTRAINT "export_log_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_search" ADD CONSTRAINT "saved_search_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "draft_segment" (
    "grouped_mail_id" INTEGER NOT NULL,
    "saved_search_id" INTEGER NOT NULL,

    CONSTRAINT "draft_segment_pkey" PRIMARY KEY ("grouped_mail_id")
);

-- CreateIndex
CREATE INDEX "draft_segment_saved_search_id_idx" ON "draft_segment"("saved_search_id");

-- AddForeignKey
ALTER TABLE "draft_segment" ADD CONSTRAINT "draft_segment_grouped_mail_id_fkey" FOREIGN KEY ("grouped_mail_id") REFERENCES "grouped_mail"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "draft_segment" ADD CONSTRAINT "draft_segment_saved_search_id_fkey" FOREIGN KEY ("saved_search_id") REFERENCES "saved_search"("id") ON DELETE CASCADE ON UPDATE CASCADE;
