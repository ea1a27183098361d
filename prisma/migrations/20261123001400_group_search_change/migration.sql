-- The search engine's copy keeps the groups holding each company (group_ids, decision 026): a
-- change to company_in_group logs the company in search_change, so the groups' company list on the
-- engine follows at the next search of every instance.
CREATE TRIGGER company_in_group_search_change AFTER INSERT OR UPDATE OR DELETE ON company_in_group FOR EACH ROW
  WHEN (coalesce(current_setting('rf.search_log', true), '') <> 'off'
        AND current_setting('application_name') NOT LIKE 'radarfirme-import-%')
  EXECUTE FUNCTION rf_log_search_change();
