-- Issue 50, decision 109: the saved-search job's watermark (the CUIs a saved search matched at its
-- last check, so the next check knows which are new), the OAuth side of a CRM connection (a
-- refresh token and the access token's expiry) and the pending OAuth authorisations (state and
-- PKCE verifier, short-lived).
CREATE TABLE "saved_search_check" (
    "saved_search_id" INTEGER NOT NULL,
    "matched_cuis" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[],
    "checked_at" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "saved_search_check_pkey" PRIMARY KEY ("saved_search_id")
);
ALTER TABLE "saved_search_check" ADD CONSTRAINT "saved_search_check_saved_search_id_fkey" FOREIGN KEY ("saved_search_id") REFERENCES "saved_search"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "crm_connection" ADD COLUMN "auth_kind" VARCHAR(8) NOT NULL DEFAULT 'token',
    ADD COLUMN "refresh_token" VARCHAR(500),
    ADD COLUMN "token_expires_at" TIMESTAMPTZ(6);
-- contract: a widening only (500 to 2000 characters, an OAuth access token can be longer); the released code reads and writes the column unchanged
ALTER TABLE "crm_connection" ALTER COLUMN "token" TYPE VARCHAR(2000);

CREATE TABLE "crm_oauth_state" (
    "state" VARCHAR(64) NOT NULL,
    "user_id" INTEGER NOT NULL,
    "provider" VARCHAR(16) NOT NULL,
    "code_verifier" VARCHAR(128) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    CONSTRAINT "crm_oauth_state_pkey" PRIMARY KEY ("state")
);
CREATE INDEX "crm_oauth_state_user_id_idx" ON "crm_oauth_state"("user_id");
ALTER TABLE "crm_oauth_state" ADD CONSTRAINT "crm_oauth_state_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
