-- The search engine's copy keeps a company's social links as flags (social_flags, decision 026):
-- a change to social_media logs the company in search_change like a change to its own row, so every
-- instance's copy follows within a poll (and before its next search).
CREATE TRIGGER social_media_search_change AFTER INSERT OR UPDATE OR DELETE ON social_media FOR EACH ROW
  WHEN (coalesce(current_setting('rf.search_log', true), '') <> 'off'
        AND current_setting('application_name') NOT LIKE 'radarfirme-import-%')
  EXECUTE FUNCTION rf_log_search_change();
