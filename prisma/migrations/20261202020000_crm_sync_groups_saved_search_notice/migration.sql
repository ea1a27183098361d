-- Issue 50, decision 117: a sync log row names the groups a push sent and says whether the
-- scheduled sync ran it. Added columns with defaults: the released code neither reads nor writes them.
ALTER TABLE "crm_sync_log" ADD COLUMN "group_ids" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[],
    ADD COLUMN "scheduled" BOOLEAN NOT NULL DEFAULT false;

-- Issue 50, decision 117: a saved search's new matches as an in-app notice (and a mail) for an
-- owner without a webhook subscribed to them. A new table only.
CREATE TABLE "saved_search_notice" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "saved_search_id" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "new_count" INTEGER NOT NULL,
    "cuis" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[],
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "read_at" TIMESTAMPTZ(6),
    CONSTRAINT "saved_search_notice_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "saved_search_notice_user_id_id_idx" ON "saved_search_notice"("user_id", "id" DESC);
CREATE INDEX "saved_search_notice_saved_search_id_idx" ON "saved_search_notice"("saved_search_id");
ALTER TABLE "saved_search_notice" ADD CONSTRAINT "saved_search_notice_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "saved_search_notice" ADD CONSTRAINT "saved_search_notice_saved_search_id_fkey" FOREIGN KEY ("saved_search_id") REFERENCES "saved_search"("id") ON DELETE CASCADE ON UPDATE CASCADE;
