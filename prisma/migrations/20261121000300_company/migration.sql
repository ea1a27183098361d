-- Company pages: rankings, similar companies, CAEN pages and find customers
-- (docs/decisions/006-company-pages.md).

-- Rankings and similar companies walk the companies that company_rank ranks (active, with a
-- financial year and a main CAEN code), in company_rank's order (metric DESC, cui ASC), so the
-- listed neighbours and the precomputed positions agree. One index per metric serves the county
-- level directly, the locality level through the included locality_id, and the country level by
-- merging the per-county walks (43 short probes). Partial: about 40 % of the rows.
CREATE INDEX IF NOT EXISTS "company_rank_turnover_idx" ON "company" ("caen_code", "county_id", "turnover" DESC, "cui")
  INCLUDE ("locality_id") WHERE "is_active" AND "last_year" IS NOT NULL;
CREATE INDEX IF NOT EXISTS "company_rank_profit_idx" ON "company" ("caen_code", "county_id", "profit" DESC, "cui")
  INCLUDE ("locality_id") WHERE "is_active" AND "last_year" IS NOT NULL;
CREATE INDEX IF NOT EXISTS "company_rank_employees_idx" ON "company" ("caen_code", "county_id", "employees" DESC, "cui")
  INCLUDE ("locality_id") WHERE "is_active" AND "last_year" IS NOT NULL;
CREATE INDEX IF NOT EXISTS "company_rank_insolvency_idx" ON "company" ("caen_code", "county_id", "insolvency_score" DESC, "cui")
  INCLUDE ("locality_id") WHERE "is_active" AND "last_year" IS NOT NULL AND "insolvency_score" IS NOT NULL;

-- CAEN page and find customers: the companies of a class in name order, one short walk per class.
CREATE INDEX IF NOT EXISTS "company_caen_name_idx" ON "company" ("caen_code", "name_norm", "cui");
