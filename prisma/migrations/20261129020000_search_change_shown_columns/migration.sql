-- The change log also records an edit of the columns a search answer shows but does not filter on
-- (name, registration code, address; issue 25, decision 075): the search engine caches whole answers
-- under its data version, which an applied change-log row bumps. Before, only the filter columns
-- were watched and the page's companies were read again from PostgreSQL on every search.
DROP TRIGGER IF EXISTS company_search_change_upd ON company;
CREATE TRIGGER company_search_change_upd AFTER UPDATE ON company FOR EACH ROW
  WHEN (coalesce(current_setting('rf.search_log', true), '') <> 'off'
        AND current_setting('application_name') NOT LIKE 'radarfirme-import-%'
        AND (OLD.cui, OLD.name_norm, OLD.employees, OLD.turnover, OLD.profit, OLD.caen_code, OLD.county_id,
             OLD.locality_id, OLD.status_code, OLD.has_email, OLD.has_phone, OLD.has_insolvency_risk,
             OLD.has_eu_projects, OLD.has_tenders, OLD.name, OLD.registration_code, OLD.full_address)
            IS DISTINCT FROM
            (NEW.cui, NEW.name_norm, NEW.employees, NEW.turnover, NEW.profit, NEW.caen_code, NEW.county_id,
             NEW.locality_id, NEW.status_code, NEW.has_email, NEW.has_phone, NEW.has_insolvency_risk,
             NEW.has_eu_projects, NEW.has_tenders, NEW.name, NEW.registration_code, NEW.full_address))
  EXECUTE FUNCTION rf_log_search_change();
