-- Fiscal checks (issue 48, docs/decisions/098-fiscal-checks-anaf.md): the last ANAF answer per
-- company, the background refresh queue, the shared call budget of remote services and bulk jobs.

-- CreateTable
CREATE TABLE "fiscal_check" (
    "cui" INTEGER NOT NULL,
    "checked_at" TIMESTAMPTZ(3),
    "found" BOOLEAN,
    "vat_payer" BOOLEAN,
    "vat_since" DATE,
    "vat_ended_on" DATE,
    "vat_on_cash" BOOLEAN,
    "vat_on_cash_since" DATE,
    "split_vat" BOOLEAN,
    "split_vat_since" DATE,
    "inactive" BOOLEAN,
    "inactive_since" DATE,
    "reactivated_on" DATE,
    "e_factura" BOOLEAN,
    "e_factura_since" DATE,
    "anaf_name" VARCHAR(200),
    "anaf_address" VARCHAR(400),
    "error_at" TIMESTAMPTZ(3),
    "error" VARCHAR(300),

    CONSTRAINT "fiscal_check_pkey" PRIMARY KEY ("cui")
);

-- CreateTable
CREATE TABLE "fiscal_refresh_request" (
    "cui" INTEGER NOT NULL,
    "requested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "due_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "fiscal_refresh_request_pkey" PRIMARY KEY ("cui")
);

-- CreateTable
CREATE TABLE "remote_call_slot" (
    "key" VARCHAR(100) NOT NULL,
    "next_at" TIMESTAMPTZ(6) NOT NULL,
    "holder" UUID,

    CONSTRAINT "remote_call_slot_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "fiscal_bulk_job" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "source" VARCHAR(12) NOT NULL,
    "label" VARCHAR(200) NOT NULL,
    "status" VARCHAR(12) NOT NULL DEFAULT 'queued',
    "cuis" INTEGER[],
    "total" INTEGER NOT NULL,
    "done" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "lease_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "fiscal_bulk_job_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "fiscal_check_checked_at_idx" ON "fiscal_check"("checked_at");

-- CreateIndex
CREATE INDEX "fiscal_refresh_request_due_at_idx" ON "fiscal_refresh_request"("due_at");

-- CreateIndex
CREATE INDEX "fiscal_bulk_job_status_id_idx" ON "fiscal_bulk_job"("status", "id");

-- CreateIndex
CREATE INDEX "fiscal_bulk_job_user_id_id_idx" ON "fiscal_bulk_job"("user_id", "id" DESC);

-- AddForeignKey
ALTER TABLE "fiscal_check" ADD CONSTRAINT "fiscal_check_cui_fkey" FOREIGN KEY ("cui") REFERENCES "company"("cui") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fiscal_refresh_request" ADD CONSTRAINT "fiscal_refresh_request_cui_fkey" FOREIGN KEY ("cui") REFERENCES "company"("cui") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fiscal_bulk_job" ADD CONSTRAINT "fiscal_bulk_job_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The company page shows the fiscal block: a changed check makes that company's cached page stale
-- (the page-cache versions of 20261123000600_page_version; at most 100 companies per statement).
CREATE TRIGGER fiscal_check_touch_pages_ins AFTER INSERT ON fiscal_check REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rf_touch_company_pages();
CREATE TRIGGER fiscal_check_touch_pages_upd AFTER UPDATE ON fiscal_check REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rf_touch_company_pages();
CREATE TRIGGER fiscal_check_touch_pages_del AFTER DELETE ON fiscal_check REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rf_touch_company_pages();

-- Tax arrears lists (decision 099): the importer's tables; no parser yet (the published format is not established).
CREATE TABLE "tax_arrears_list" (
    "id" SERIAL NOT NULL,
    "list_date" DATE NOT NULL,
    "category" VARCHAR(16) NOT NULL,
    "source" VARCHAR(200) NOT NULL,
    "imported_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tax_arrears_list_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "tax_arrears" (
    "list_id" INTEGER NOT NULL,
    "cui" INTEGER NOT NULL,
    "budget" VARCHAR(24) NOT NULL,
    "principal" BIGINT NOT NULL DEFAULT 0,
    "accessories" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "tax_arrears_pkey" PRIMARY KEY ("list_id","cui","budget")
);

CREATE UNIQUE INDEX "tax_arrears_list_list_date_category_key" ON "tax_arrears_list"("list_date", "category");
CREATE INDEX "tax_arrears_cui_idx" ON "tax_arrears"("cui");

ALTER TABLE "tax_arrears" ADD CONSTRAINT "tax_arrears_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "tax_arrears_list"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "tax_arrears" ADD CONSTRAINT "tax_arrears_cui_fkey" FOREIGN KEY ("cui") REFERENCES "company"("cui") ON DELETE CASCADE ON UPDATE CASCADE;

-- Court cases from the courts' portal (decision 098): the cases naming a company as a party, and
-- when its cases were last looked up.
CREATE TABLE "court_case" (
    "cui" INTEGER NOT NULL,
    "number" VARCHAR(60) NOT NULL,
    "court" VARCHAR(120) NOT NULL,
    "case_date" DATE,
    "object" VARCHAR(400) NOT NULL,
    "stage" VARCHAR(60) NOT NULL,
    "category" VARCHAR(60) NOT NULL,
    "role" VARCHAR(60) NOT NULL,
    "next_hearing" DATE,
    "is_insolvency" BOOLEAN NOT NULL DEFAULT false,
    "seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "court_case_pkey" PRIMARY KEY ("cui","number","court")
);

CREATE TABLE "court_check" (
    "cui" INTEGER NOT NULL,
    "checked_at" TIMESTAMPTZ(3),
    "error_at" TIMESTAMPTZ(3),
    "error" VARCHAR(300),

    CONSTRAINT "court_check_pkey" PRIMARY KEY ("cui")
);

ALTER TABLE "court_case" ADD CONSTRAINT "court_case_cui_fkey" FOREIGN KEY ("cui") REFERENCES "company"("cui") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "court_check" ADD CONSTRAINT "court_check_cui_fkey" FOREIGN KEY ("cui") REFERENCES "company"("cui") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TRIGGER court_check_touch_pages_ins AFTER INSERT ON court_check REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rf_touch_company_pages();
CREATE TRIGGER court_check_touch_pages_upd AFTER UPDATE ON court_check REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rf_touch_company_pages();
