-- A company has at most one approved claim, and a user at most one pending claim per company:
-- checked by the commands and held here under concurrency (two Admins approving at once).
CREATE UNIQUE INDEX IF NOT EXISTS "claim_request_one_approved_idx" ON "claim_request" ("cui") WHERE "status" IS TRUE;
CREATE UNIQUE INDEX IF NOT EXISTS "claim_request_one_pending_idx" ON "claim_request" ("user_id", "cui") WHERE "status" IS NULL;

-- The admin contacts page filters companies by platform (EXISTS per flag).
CREATE INDEX IF NOT EXISTS "social_media_platform_cui_idx" ON "social_media" ("platform", "cui") WHERE "url" <> '';
