-- Company pages: rankings, similar companies, CAEN pages and find customers
-- (docs/decisions/006-company-pages.md). The country-wide turnover and profit walks reuse
-- company_caen_turnover_idx / company_caen_profit_idx of the search migration.

-- Rankings by county (and by locality, filtered on the included column) and the similar-companies
-- carousel. Country-wide employee and insolvency rankings merge the 43 per-county walks of these
-- indexes instead of needing a third index per metric.
CREATE INDEX IF NOT EXISTS "company_caen_county_turnover_idx" ON "company" ("caen_code", "county_id", "turnover" DESC, "cui" DESC) INCLUDE ("locality_id");
CREATE INDEX IF NOT EXISTS "company_caen_county_profit_idx" ON "company" ("caen_code", "county_id", "profit" DESC, "cui" DESC) INCLUDE ("locality_id");
CREATE INDEX IF NOT EXISTS "company_caen_county_employees_idx" ON "company" ("caen_code", "county_id", "employees" DESC, "cui" DESC) INCLUDE ("locality_id");
CREATE INDEX IF NOT EXISTS "company_caen_county_insolvency_idx" ON "company" ("caen_code", "county_id", "insolvency_score" DESC NULLS LAST, "cui" DESC) INCLUDE ("locality_id");

-- CAEN page and find customers: companies of a class in name order, one short walk per class.
CREATE INDEX IF NOT EXISTS "company_caen_name_idx" ON "company" ("caen_code", "name_norm", "cui");
