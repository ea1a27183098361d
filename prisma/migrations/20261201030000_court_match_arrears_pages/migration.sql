-- Court cases on demand (issue 48, docs/decisions/108-bulk-checks-court-lookups-arrears.md): how each
-- case was tied to the company, 'cui' (the company's CUI written in the party's name) or 'name' (the
-- party's name alone, which a namesake company can share). Cases stored before this were matched
-- by name.

-- AlterTable
ALTER TABLE "court_case" ADD COLUMN     "match" VARCHAR(8) NOT NULL DEFAULT 'name';

-- Tax arrears (decision 108): the company page shows the company's arrears in the newest list, so a
-- list imported (or a company's rows replaced or dropped) makes its cached page stale, as the
-- fiscal check does (the page-cache versions of 20261123000600_page_version).
CREATE TRIGGER tax_arrears_touch_pages_ins AFTER INSERT ON tax_arrears REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rf_touch_company_pages();
CREATE TRIGGER tax_arrears_touch_pages_upd AFTER UPDATE ON tax_arrears REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rf_touch_company_pages();
CREATE TRIGGER tax_arrears_touch_pages_del AFTER DELETE ON tax_arrears REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rf_touch_company_pages();
