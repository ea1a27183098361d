-- Official open-data imports (docs/decisions/024-official-data-import.md): the runs with their
-- checkpoints, the rejected rows, the source and date of each company's facts, the natural keys
-- that make re-imports of tenders and EU projects update in place, and the UNLOGGED staging tables
-- the importers COPY into before merging. Additive only.
-- No semicolon inside a statement or comment: the migration runner splits scripts on them.

CREATE TABLE "import_run" (
    "id" SERIAL NOT NULL,
    "source" VARCHAR(8) NOT NULL,
    "file_key" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "data_date" DATE NOT NULL,
    "status" VARCHAR(12) NOT NULL DEFAULT 'running',
    "phase" VARCHAR(24) NOT NULL DEFAULT 'stage',
    "checkpoint" JSONB NOT NULL DEFAULT '{}',
    "rows_read" BIGINT NOT NULL DEFAULT 0,
    "inserted" BIGINT NOT NULL DEFAULT 0,
    "updated" BIGINT NOT NULL DEFAULT 0,
    "unchanged" BIGINT NOT NULL DEFAULT 0,
    "rejected" BIGINT NOT NULL DEFAULT 0,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),
    CONSTRAINT "import_run_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "import_run_source_file_key_idx" ON "import_run"("source", "file_key");

CREATE TABLE "import_reject" (
    "id" BIGSERIAL NOT NULL,
    "run_id" INTEGER NOT NULL,
    "file" VARCHAR(200) NOT NULL,
    "line" INTEGER NOT NULL,
    "reason" VARCHAR(300) NOT NULL,
    "raw" TEXT NOT NULL,
    CONSTRAINT "import_reject_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "import_reject_run_id_id_idx" ON "import_reject"("run_id", "id");
ALTER TABLE "import_reject" ADD CONSTRAINT "import_reject_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "import_run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "company_source" (
    "cui" INTEGER NOT NULL,
    "source" VARCHAR(8) NOT NULL,
    "data_date" DATE NOT NULL,
    "changed_date" DATE NOT NULL,
    CONSTRAINT "company_source_pkey" PRIMARY KEY ("cui", "source")
);
ALTER TABLE "company_source" ADD CONSTRAINT "company_source_cui_fkey" FOREIGN KEY ("cui") REFERENCES "company"("cui") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "tender" ADD COLUMN "source_key" VARCHAR(160);
CREATE UNIQUE INDEX "tender_source_key_key" ON "tender"("source_key");
ALTER TABLE "eu_project" ADD COLUMN "source_key" VARCHAR(200);
CREATE UNIQUE INDEX "eu_project_source_key_key" ON "eu_project"("source_key");

-- The core of a company name for matching lists that carry no CUI: normalised (rf_norm), every
-- run of other characters made one space, a leading "S.C." dropped and everything from the
-- legal form on cut ("SC TESTER GROUP SRL IASI" and "Tester Group S.R.L." both give
-- "tester group"). IMMUTABLE so that it can be indexed if a source ever needs it.
CREATE OR REPLACE FUNCTION rf_name_core(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(
      regexp_replace(' ' || btrim(regexp_replace(rf_norm(t), '[^a-z0-9]+', ' ', 'g')) || ' ', '^ (s c|sc) ', ' '),
      ' (s r l|srl|s a|sa|s n c|snc|s c s|scs|s c a|sca|pfa|i i|ii|i f|if|r a|ra|srl d|s r l d) .*$', ' ')) $$;

-- Staging tables: the importers COPY parsed, validated rows here (one source at a time, guarded by
-- an advisory lock) and merge them into the product's tables in key-ordered chunks. UNLOGGED:
-- they are rebuilt from the files if the server crashes.
CREATE UNLOGGED TABLE "imp_onrc_firm" (
    "line" INTEGER NOT NULL,
    "reg_code" VARCHAR(32) NOT NULL,
    "cui" INTEGER NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "euid" VARCHAR(48),
    "legal_form" VARCHAR(8),
    "county_id" INTEGER,
    "locality_id" INTEGER,
    "village" VARCHAR(80),
    "street" VARCHAR(120),
    "street_number" VARCHAR(16),
    "postal_code" VARCHAR(6),
    "full_address" VARCHAR(300),
    "establishment_date" DATE,
    "website" VARCHAR(200)
);
CREATE UNLOGGED TABLE "imp_onrc_status" ("line" INTEGER NOT NULL, "reg_code" VARCHAR(32) NOT NULL, "code" INTEGER NOT NULL);
CREATE UNLOGGED TABLE "imp_onrc_caen" ("line" INTEGER NOT NULL, "reg_code" VARCHAR(32) NOT NULL, "code" VARCHAR(4) NOT NULL, "version" SMALLINT NOT NULL);
CREATE UNLOGGED TABLE "imp_mf_year" (
    "line" INTEGER NOT NULL,
    "file" VARCHAR(200) NOT NULL,
    "cui" INTEGER NOT NULL,
    "year" SMALLINT NOT NULL,
    "caen_code" VARCHAR(4),
    "employees" INTEGER,
    "net_turnover" BIGINT,
    "total_income" BIGINT,
    "total_expenses" BIGINT,
    "gross_profit" BIGINT,
    "gross_loss" BIGINT,
    "net_profit" BIGINT,
    "net_loss" BIGINT,
    "total_immobilised_assets" BIGINT,
    "total_circulating_assets" BIGINT,
    "stocks" BIGINT,
    "receivables" BIGINT,
    "cash_and_bank" BIGINT,
    "expenses_in_advance" BIGINT,
    "debts" BIGINT,
    "income_in_advance" BIGINT,
    "provisions" BIGINT,
    "total_capitals" BIGINT,
    "subscribed_capital" BIGINT,
    "kingdom_heritage" BIGINT
);
CREATE UNLOGGED TABLE "imp_tender" (
    "line" INTEGER NOT NULL,
    "file" VARCHAR(200) NOT NULL,
    "source_key" VARCHAR(160) NOT NULL,
    "notice_no" VARCHAR(32) NOT NULL,
    "title" VARCHAR(500) NOT NULL,
    "cpv_code" VARCHAR(16),
    "cpv_name" VARCHAR(200),
    "authority_cui" INTEGER NOT NULL,
    "authority_name" VARCHAR(200) NOT NULL,
    "supplier_cui" INTEGER NOT NULL,
    "supplier_name" VARCHAR(200) NOT NULL,
    "estimated_value" BIGINT,
    "final_value" BIGINT,
    "publish_date" DATE,
    "finish_date" DATE
);
CREATE UNLOGGED TABLE "imp_eu_project" (
    "line" INTEGER NOT NULL,
    "file" VARCHAR(200) NOT NULL,
    "raw" TEXT NOT NULL,
    "cui" INTEGER,
    "beneficiary" VARCHAR(300) NOT NULL,
    "locality" VARCHAR(80),
    "county" VARCHAR(80),
    "code" VARCHAR(32) NOT NULL,
    "name" VARCHAR(500) NOT NULL,
    "start_date" DATE,
    "end_date" DATE,
    "total_cost" BIGINT NOT NULL,
    "ec_contribution" BIGINT NOT NULL,
    "urls" TEXT[] NOT NULL,
    "status_code" VARCHAR(16) NOT NULL,
    "topic" VARCHAR(300),
    "objective" TEXT
);

-- The companies whose facts an import changed (per source), for the derived-data refresh that
-- follows it: only these are recomputed when they are few.
CREATE UNLOGGED TABLE "imp_changed" ("source" VARCHAR(8) NOT NULL, "cui" INTEGER NOT NULL, PRIMARY KEY ("source", "cui"));
