-- Versions of the cached public pages (docs/decisions/023-page-cache.md). Every app instance keeps
-- them in memory (server/page-cache/versions.ts) and tags its cached HTML and ETags with them.

-- CreateTable
CREATE TABLE "page_version" (
    "cui" INTEGER NOT NULL,
    "seq" BIGINT NOT NULL,
    "changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "page_version_pkey" PRIMARY KEY ("cui")
);

-- CreateIndex
CREATE INDEX "page_version_changed_at_idx" ON "page_version"("changed_at");

CREATE SEQUENCE page_version_seq;

-- The register as it is when this migration runs (cui 0: a session-independent starting point).
INSERT INTO page_version (cui, seq, changed_at) VALUES (0, nextval('page_version_seq'), clock_timestamp());

-- The whole register changed (an import, a rank refresh, a reference table): one row per database
-- session (cui = -pid), so concurrent import sessions never queue on a shared row. Readers sum the
-- rows: any session's bump changes the sum, whatever the commit order.
CREATE OR REPLACE FUNCTION rf_touch_all_pages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO page_version (cui, seq, changed_at) VALUES (-pg_backend_pid(), nextval('page_version_seq'), clock_timestamp())
  ON CONFLICT (cui) DO UPDATE SET seq = EXCLUDED.seq, changed_at = EXCLUDED.changed_at;
  RETURN NULL;
END $$;

-- Rows of one or a few companies changed (a contact, representative, social link or claim edited):
-- those companies' pages only. A bulk statement (more than 1000 companies) counts as an import.
CREATE OR REPLACE FUNCTION rf_touch_company_pages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cuis integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT cui) INTO cuis FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT cui) INTO cuis FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT cui) INTO cuis FROM (SELECT cui FROM old_rows UNION SELECT cui FROM new_rows) t;
  END IF;
  IF cuis IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(cuis) > 1000 THEN
    INSERT INTO page_version (cui, seq, changed_at) VALUES (-pg_backend_pid(), nextval('page_version_seq'), clock_timestamp())
    ON CONFLICT (cui) DO UPDATE SET seq = EXCLUDED.seq, changed_at = EXCLUDED.changed_at;
  ELSE
    -- Sorted, so two statements touching the same companies lock them in the same order.
    INSERT INTO page_version (cui, seq, changed_at)
    SELECT c, nextval('page_version_seq'), clock_timestamp() FROM (SELECT unnest(cuis) AS c ORDER BY 1) s
    ON CONFLICT (cui) DO UPDATE SET seq = EXCLUDED.seq, changed_at = EXCLUDED.changed_at;
  END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE
  t text;
BEGIN
  -- What every company or CAEN page may show (figures, ranks, similar companies, names of places
  -- and activities): one bump per statement, never per row.
  FOREACH t IN ARRAY ARRAY['company', 'financial_year', 'company_status_event', 'company_trend', 'company_rank', 'tender',
                           'eu_project', 'collaboration', 'caen', 'caen_correspondence', 'county', 'locality', 'company_status']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION rf_touch_all_pages()',
                   t || '_touch_pages', t);
  END LOOP;
  -- What belongs to one company. Transition tables allow one event per trigger.
  FOREACH t IN ARRAY ARRAY['contact', 'representative', 'social_media', 'claim_request']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rf_touch_company_pages()',
                   t || '_touch_pages_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rf_touch_company_pages()',
                   t || '_touch_pages_upd', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rf_touch_company_pages()',
                   t || '_touch_pages_del', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION rf_touch_all_pages()',
                   t || '_touch_pages_trunc', t);
  END LOOP;
END $$;
