-- CRM sync (issue 50, docs/decisions/097): a user's connection to HubSpot or Pipedrive (private
-- token), the CRM's companies by CUI (what is "deja în CRM"), and the log of every sync.
CREATE TABLE "crm_connection" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "provider" VARCHAR(16) NOT NULL,
    "token" VARCHAR(500) NOT NULL,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "group_ids" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[],
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "last_sync_at" TIMESTAMPTZ(6),
    CONSTRAINT "crm_connection_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "crm_connection_user_id_provider_key" ON "crm_connection"("user_id", "provider");
ALTER TABLE "crm_connection" ADD CONSTRAINT "crm_connection_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "crm_company" (
    "connection_id" INTEGER NOT NULL,
    "cui" INTEGER NOT NULL,
    "crm_id" VARCHAR(64) NOT NULL,
    "name" VARCHAR(300) NOT NULL DEFAULT '',
    "seen_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    CONSTRAINT "crm_company_pkey" PRIMARY KEY ("connection_id", "cui")
);
CREATE INDEX "crm_company_cui_idx" ON "crm_company"("cui");
ALTER TABLE "crm_company" ADD CONSTRAINT "crm_company_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "crm_connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "crm_sync_log" (
    "id" SERIAL NOT NULL,
    "connection_id" INTEGER NOT NULL,
    "kind" VARCHAR(8) NOT NULL,
    "started_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "finished_at" TIMESTAMPTZ(6),
    "status" VARCHAR(12) NOT NULL DEFAULT 'Running',
    "created" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "pulled" INTEGER NOT NULL DEFAULT 0,
    "error" VARCHAR(500),
    CONSTRAINT "crm_sync_log_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "crm_sync_log_connection_id_id_idx" ON "crm_sync_log"("connection_id", "id" DESC);
ALTER TABLE "crm_sync_log" ADD CONSTRAINT "crm_sync_log_connection_id_fkey" FOREIGN KEY ("connection_id") REFERENCES "crm_connection"("id") ON DELETE CASCADE ON UPDATE CASCADE;
