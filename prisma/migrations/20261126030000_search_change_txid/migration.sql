-- Exact sync of the search copy (docs/decisions/049-exact-search-sync.md, issue 32). Each change row
-- carries the id of the transaction that wrote it (pg_current_xact_id(), the 64-bit xid8 form). An
-- instance reads the rows of every transaction at or above the xmin of its last snapshot: a
-- transaction below that xmin had committed (or aborted) before the snapshot was taken, so none of
-- its rows can appear later, whatever the commit delay; the look-back window by changed_at is gone.
ALTER TABLE "search_change" ADD COLUMN "txid" xid8 NOT NULL DEFAULT pg_current_xact_id();

CREATE INDEX "search_change_txid_idx" ON "search_change"("txid");
