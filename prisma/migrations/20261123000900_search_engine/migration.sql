-- Change log of the search facts (docs/decisions/026-search-engine.md). The in-process search
-- engine of every app instance holds a copy of the company columns the search filters and sorts
-- on; PostgreSQL stays the system of record. A row here says "company <cui> changed a search fact"
-- (cui NULL: "reload everything", written at the end of an import). Each instance reads the rows
-- newer than what it applied before every search and at least every SEARCH_ENGINE_POLL_MS.

CREATE TABLE "search_change" (
    "id" BIGSERIAL NOT NULL,
    "cui" INTEGER,
    "changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT clock_timestamp(),

    CONSTRAINT "search_change_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "search_change_changed_at_idx" ON "search_change"("changed_at");

-- One row per company row whose search facts changed. Bulk loads write one cui-NULL row at the end
-- instead of millions of rows, and their sessions are left out by the WHEN clause (the trigger is
-- not even queued): the importer's sessions by their application_name ('radarfirme-import-…',
-- scripts/import/engine.ts), any other bulk writer (npm run data:large) by SET rf.search_log = 'off'.
CREATE OR REPLACE FUNCTION rf_log_search_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO search_change (cui) VALUES (OLD.cui);
  ELSE
    INSERT INTO search_change (cui) VALUES (NEW.cui);
    IF TG_OP = 'UPDATE' AND OLD.cui <> NEW.cui THEN
      INSERT INTO search_change (cui) VALUES (OLD.cui);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER company_search_change_ins AFTER INSERT ON company FOR EACH ROW
  WHEN (coalesce(current_setting('rf.search_log', true), '') <> 'off'
        AND current_setting('application_name') NOT LIKE 'radarfirme-import-%')
  EXECUTE FUNCTION rf_log_search_change();

CREATE TRIGGER company_search_change_del AFTER DELETE ON company FOR EACH ROW
  WHEN (coalesce(current_setting('rf.search_log', true), '') <> 'off'
        AND current_setting('application_name') NOT LIKE 'radarfirme-import-%')
  EXECUTE FUNCTION rf_log_search_change();

CREATE TRIGGER company_search_change_upd AFTER UPDATE ON company FOR EACH ROW
  WHEN (coalesce(current_setting('rf.search_log', true), '') <> 'off'
        AND current_setting('application_name') NOT LIKE 'radarfirme-import-%'
        AND (OLD.cui, OLD.name_norm, OLD.employees, OLD.turnover, OLD.profit, OLD.caen_code, OLD.county_id,
             OLD.locality_id, OLD.status_code, OLD.has_email, OLD.has_phone, OLD.has_insolvency_risk,
             OLD.has_eu_projects, OLD.has_tenders)
            IS DISTINCT FROM
            (NEW.cui, NEW.name_norm, NEW.employees, NEW.turnover, NEW.profit, NEW.caen_code, NEW.county_id,
             NEW.locality_id, NEW.status_code, NEW.has_email, NEW.has_phone, NEW.has_insolvency_risk,
             NEW.has_eu_projects, NEW.has_tenders))
  EXECUTE FUNCTION rf_log_search_change();

-- The whole table replaced: reload.
CREATE OR REPLACE FUNCTION rf_log_search_reload() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_change (cui) VALUES (NULL);
  RETURN NULL;
END $$;

CREATE TRIGGER company_search_change_trunc AFTER TRUNCATE ON company FOR EACH STATEMENT
  EXECUTE FUNCTION rf_log_search_reload();
