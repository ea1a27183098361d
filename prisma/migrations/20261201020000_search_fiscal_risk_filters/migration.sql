-- Search filters on the fiscal checks, the tax-arrears lists and the risk band (issues 48 and 49,
-- docs/decisions/107). The facts stay in their own tables (fiscal_check, tax_arrears, company_risk):
-- the search reads them beside `company` (the index's COPY joins them, PostgreSQL's conditions read
-- them by key), and an edit of one logs the company in search_change, as the groups and the social
-- links already do, so every instance's index and copy follow.

-- A company "with arrears": named in the latest imported list of some taxpayer category (a list
-- replaces the previous one of its category; an older list says nothing about today).
CREATE VIEW v_company_arrears AS
  SELECT DISTINCT t.cui
    FROM tax_arrears t
    JOIN tax_arrears_list l ON l.id = t.list_id
   WHERE l.list_date = (SELECT max(l2.list_date) FROM tax_arrears_list l2 WHERE l2.category = l.category);

-- The risk filter reads company_risk by band; the band's index exists (company_risk_band_idx).

-- fiscal_check: only a change of what the filters read logs the company (a refresh that finds the
-- same answer, or a failed attempt, leaves the search alone).
CREATE TRIGGER fiscal_check_search_change_ins AFTER INSERT ON fiscal_check FOR EACH ROW
  WHEN (coalesce(current_setting('rf.search_log', true), '') <> 'off'
        AND current_setting('application_name') NOT LIKE 'radarfirme-import-%'
        AND (NEW.vat_payer IS NOT NULL OR NEW.inactive IS NOT NULL OR NEW.e_factura IS NOT NULL))
  EXECUTE FUNCTION rf_log_search_change();
CREATE TRIGGER fiscal_check_search_change_upd AFTER UPDATE ON fiscal_check FOR EACH ROW
  WHEN (coalesce(current_setting('rf.search_log', true), '') <> 'off'
        AND current_setting('application_name') NOT LIKE 'radarfirme-import-%'
        AND (OLD.vat_payer, OLD.inactive, OLD.e_factura) IS DISTINCT FROM (NEW.vat_payer, NEW.inactive, NEW.e_factura))
  EXECUTE FUNCTION rf_log_search_change();
CREATE TRIGGER fiscal_check_search_change_del AFTER DELETE ON fiscal_check FOR EACH ROW
  WHEN (coalesce(current_setting('rf.search_log', true), '') <> 'off'
        AND current_setting('application_name') NOT LIKE 'radarfirme-import-%')
  EXECUTE FUNCTION rf_log_search_change();

-- company_risk is rewritten set-based by rf_refresh_risk (decision 101): one statement-level
-- trigger per operation logs the companies whose band changed, from the transition tables (a
-- row trigger would run once per company at 3.5M).
CREATE OR REPLACE FUNCTION rf_log_risk_search_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('rf.search_log', true), '') = 'off'
     OR current_setting('application_name') LIKE 'radarfirme-import-%' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_change (cui) SELECT n.cui FROM rf_new n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_change (cui) SELECT o.cui FROM rf_old o;
  ELSE
    INSERT INTO search_change (cui)
      SELECT n.cui FROM rf_new n JOIN rf_old o ON o.cui = n.cui WHERE o.band IS DISTINCT FROM n.band
      UNION SELECT o.cui FROM rf_old o WHERE NOT EXISTS (SELECT 1 FROM rf_new n WHERE n.cui = o.cui);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER company_risk_search_change_ins AFTER INSERT ON company_risk
  REFERENCING NEW TABLE AS rf_new FOR EACH STATEMENT EXECUTE FUNCTION rf_log_risk_search_change();
CREATE TRIGGER company_risk_search_change_upd AFTER UPDATE ON company_risk
  REFERENCING OLD TABLE AS rf_old NEW TABLE AS rf_new FOR EACH STATEMENT EXECUTE FUNCTION rf_log_risk_search_change();
CREATE TRIGGER company_risk_search_change_del AFTER DELETE ON company_risk
  REFERENCING OLD TABLE AS rf_old FOR EACH STATEMENT EXECUTE FUNCTION rf_log_risk_search_change();

-- An arrears list imported or replaced changes who is "latest" in its whole category (the previous
-- list's companies drop out): a few times a year, so a change asks every instance to reload rather
-- than listing the companies. Only when rows did change: a statement trigger also fires for the
-- empty cascade of every company deleted, and a reload there would hide that delete until the
-- reload ends.
CREATE OR REPLACE FUNCTION rf_log_arrears_search_reload() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('rf.search_log', true), '') = 'off' THEN
    RETURN NULL;
  END IF;
  -- One branch per operation: a statement naming a transition table the trigger lacks fails.
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM rf_old) THEN
      INSERT INTO search_change (cui) VALUES (NULL);
    END IF;
  ELSIF EXISTS (SELECT 1 FROM rf_new) THEN
    INSERT INTO search_change (cui) VALUES (NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER tax_arrears_search_reload_ins AFTER INSERT ON tax_arrears
  REFERENCING NEW TABLE AS rf_new FOR EACH STATEMENT EXECUTE FUNCTION rf_log_arrears_search_reload();
CREATE TRIGGER tax_arrears_search_reload_upd AFTER UPDATE ON tax_arrears
  REFERENCING OLD TABLE AS rf_old NEW TABLE AS rf_new FOR EACH STATEMENT EXECUTE FUNCTION rf_log_arrears_search_reload();
CREATE TRIGGER tax_arrears_search_reload_del AFTER DELETE ON tax_arrears
  REFERENCING OLD TABLE AS rf_old FOR EACH STATEMENT EXECUTE FUNCTION rf_log_arrears_search_reload();
