-- Issue 50, decision 117: a sync log row names the groups a push sent and says whether the
-- scheduled sync ran it. Added columns with defaults: the released code neither reads nor writes them.
ALTER TABLE "crm_sync_log" ADD COLUMN "group_ids" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[],
    ADD COLUMN "scheduled" BOOLEAN NOT NULL DEFAULT false;
