-- Search and type-ahead indexes (docs/decisions/005-search-indexes-and-counts.md).
-- Every filter and sort of the advanced search lives on the company row, so all of these are on
-- `company`. Sort keys are `x DESC, cui DESC` everywhere: stable pages, keyset-friendly.

-- Text: normalised name (rf_norm: lower + unaccent, both ș/ş spellings) with trigrams, for
-- "contains" on any word of 3+ letters. GIN builds ~4x faster than GiST and is as fast for LIKE.
CREATE INDEX IF NOT EXISTS "company_name_norm_trgm_idx" ON "company" USING gin ("name_norm" gin_trgm_ops);
-- "Starts with": type-ahead prefixes and 1–2 letter texts.
CREATE INDEX IF NOT EXISTS "company_name_norm_prefix_idx" ON "company" ("name_norm" text_pattern_ops) INCLUDE ("cui", "importance");
-- CUI typed as digits: prefix match on its text.
CREATE INDEX IF NOT EXISTS "company_cui_text_idx" ON "company" (("cui"::text) text_pattern_ops) INCLUDE ("cui", "importance");
-- Type-ahead step 1: an index-only walk over the most important companies.
CREATE INDEX IF NOT EXISTS "company_importance_idx" ON "company" ("importance" DESC, "cui" DESC) INCLUDE ("name_norm");

-- Sorts without a dimension filter. Each carries the other money column, so a turnover range
-- read for the count also yields the profit to sort by (index-only, no heap visit per row).
CREATE INDEX IF NOT EXISTS "company_profit_sort_idx" ON "company" ("profit" DESC, "cui" DESC) INCLUDE ("turnover");
CREATE INDEX IF NOT EXISTS "company_turnover_sort_idx" ON "company" ("turnover" DESC, "cui" DESC) INCLUDE ("profit");

-- (dimension, sort key, cui): one index serves filter + order + limit.
CREATE INDEX IF NOT EXISTS "company_county_profit_idx" ON "company" ("county_id", "profit" DESC, "cui" DESC);
CREATE INDEX IF NOT EXISTS "company_county_turnover_idx" ON "company" ("county_id", "turnover" DESC, "cui" DESC);
CREATE INDEX IF NOT EXISTS "company_locality_profit_idx" ON "company" ("locality_id", "profit" DESC, "cui" DESC);
CREATE INDEX IF NOT EXISTS "company_locality_turnover_idx" ON "company" ("locality_id", "turnover" DESC, "cui" DESC);
CREATE INDEX IF NOT EXISTS "company_caen_profit_idx" ON "company" ("caen_code", "profit" DESC, "cui" DESC);
CREATE INDEX IF NOT EXISTS "company_caen_turnover_idx" ON "company" ("caen_code", "turnover" DESC, "cui" DESC);

-- Company status (ONRC code): insolvency, liquidation… are a few % of rows each.
CREATE INDEX IF NOT EXISTS "company_status_profit_idx" ON "company" ("status_code", "profit" DESC, "cui" DESC);
CREATE INDEX IF NOT EXISTS "company_status_turnover_idx" ON "company" ("status_code", "turnover" DESC, "cui" DESC);

-- Money bands (server/search/bands.ts must agree): a turnover range sorted by profit, or a profit
-- range sorted by turnover, is anti-correlated with the sort: the search walks one band at a
-- time in sort order and merges the few rows.
CREATE OR REPLACE FUNCTION rf_money_band(v bigint) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (CASE WHEN v >= 250000000 THEN 10 WHEN v >= 50000000 THEN 9 WHEN v >= 10000000 THEN 8 WHEN v >= 5000000 THEN 7 WHEN v >= 3000000 THEN 6 WHEN v >= 2000000 THEN 5 WHEN v >= 1000000 THEN 4 WHEN v >= 500000 THEN 3 WHEN v >= 100000 THEN 2 WHEN v >= 1 THEN 1 WHEN v = 0 THEN 0 ELSE -1 END)::smallint $$;
CREATE INDEX IF NOT EXISTS "company_turnover_band_profit_idx" ON "company" (rf_money_band("turnover"), "profit" DESC, "cui" DESC);
CREATE INDEX IF NOT EXISTS "company_profit_band_turnover_idx" ON "company" (rf_money_band("profit"), "turnover" DESC, "cui" DESC);

-- Employees ranges.
CREATE INDEX IF NOT EXISTS "company_employees_idx" ON "company" ("employees");

-- Flags: partial indexes in sort order. They serve the flag alone (the capped count reads 10,001
-- entries index-only, the page walks it) and deep pages. No index for has_insolvency_risk: it
-- holds about half of the companies, so a walk of the sort index meets them at once, and a
-- partial index that large only tempted the planner into costly BitmapAnds (measured in 005).
CREATE INDEX IF NOT EXISTS "company_tenders_profit_idx" ON "company" ("profit" DESC, "cui" DESC) WHERE "has_tenders";
CREATE INDEX IF NOT EXISTS "company_tenders_turnover_idx" ON "company" ("turnover" DESC, "cui" DESC) WHERE "has_tenders";
CREATE INDEX IF NOT EXISTS "company_eu_profit_idx" ON "company" ("profit" DESC, "cui" DESC) WHERE "has_eu_projects";
CREATE INDEX IF NOT EXISTS "company_eu_turnover_idx" ON "company" ("turnover" DESC, "cui" DESC) WHERE "has_eu_projects";
CREATE INDEX IF NOT EXISTS "company_email_profit_idx" ON "company" ("profit" DESC, "cui" DESC) WHERE "has_email";
CREATE INDEX IF NOT EXISTS "company_email_turnover_idx" ON "company" ("turnover" DESC, "cui" DESC) WHERE "has_email";
CREATE INDEX IF NOT EXISTS "company_phone_profit_idx" ON "company" ("profit" DESC, "cui" DESC) WHERE "has_phone";
CREATE INDEX IF NOT EXISTS "company_phone_turnover_idx" ON "company" ("turnover" DESC, "cui" DESC) WHERE "has_phone";

-- Count cube: matches per (CAEN, county, status, flags) for the filters without text, ranges or
-- locality. Their count is a sum over a few thousand rows instead of a BitmapAnd of two dense
-- sets (county 40 and has_email: 3 s at 3.5M under load). server/search/count-cube.ts reads it
-- only while it is at least as fresh as mv_landing_totals (refreshed by every import) and
-- refreshes it in the background otherwise (rf_refresh_search_counts).
CREATE MATERIALIZED VIEW IF NOT EXISTS mv_search_count_cube AS
SELECT caen_code, county_id, status_code, has_email, has_phone, has_insolvency_risk, has_eu_projects, has_tenders, count(*)::int AS n
FROM company
GROUP BY caen_code, county_id, status_code, has_email, has_phone, has_insolvency_risk, has_eu_projects, has_tenders;
CREATE UNIQUE INDEX IF NOT EXISTS mv_search_count_cube_key ON mv_search_count_cube
  (caen_code, county_id, status_code, has_email, has_phone, has_insolvency_risk, has_eu_projects, has_tenders) NULLS NOT DISTINCT;

CREATE MATERIALIZED VIEW IF NOT EXISTS mv_search_count_cube_nocaen AS
SELECT county_id, status_code, has_email, has_phone, has_insolvency_risk, has_eu_projects, has_tenders, sum(n)::int AS n
FROM mv_search_count_cube
GROUP BY county_id, status_code, has_email, has_phone, has_insolvency_risk, has_eu_projects, has_tenders;
CREATE UNIQUE INDEX IF NOT EXISTS mv_search_count_cube_nocaen_key ON mv_search_count_cube_nocaen
  (county_id, status_code, has_email, has_phone, has_insolvency_risk, has_eu_projects, has_tenders) NULLS NOT DISTINCT;

CREATE MATERIALIZED VIEW IF NOT EXISTS mv_search_count_meta AS SELECT 1 AS id, now() AS refreshed_at;
CREATE UNIQUE INDEX IF NOT EXISTS mv_search_count_meta_id_key ON mv_search_count_meta (id);

-- One caller at a time (an advisory lock), readers never blocked (CONCURRENTLY). One statement per
-- function: the migration runner splits scripts at every semicolon, even inside function bodies.
CREATE OR REPLACE FUNCTION rf_refresh_mv_search_count_cube() RETURNS void LANGUAGE sql AS $$ REFRESH MATERIALIZED VIEW CONCURRENTLY mv_search_count_cube $$;
CREATE OR REPLACE FUNCTION rf_refresh_mv_search_count_cube_nocaen() RETURNS void LANGUAGE sql AS $$ REFRESH MATERIALIZED VIEW CONCURRENTLY mv_search_count_cube_nocaen $$;
CREATE OR REPLACE FUNCTION rf_refresh_mv_search_count_meta() RETURNS void LANGUAGE sql AS $$ REFRESH MATERIALIZED VIEW CONCURRENTLY mv_search_count_meta $$;
-- The branches of UNION ALL run in order: the cube, then what is built from it, then the stamp.
CREATE OR REPLACE FUNCTION rf_refresh_search_counts() RETURNS boolean
  LANGUAGE sql
  AS $$
  SELECT CASE WHEN pg_try_advisory_xact_lock(7262031) THEN (
    SELECT count(*) = 3 FROM (
      SELECT rf_refresh_mv_search_count_cube()
      UNION ALL SELECT rf_refresh_mv_search_count_cube_nocaen()
      UNION ALL SELECT rf_refresh_mv_search_count_meta()
    ) r
  ) ELSE false END
$$;
