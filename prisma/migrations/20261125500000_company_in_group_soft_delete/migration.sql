-- A company removed from a group keeps its row (and so its comments): removal sets is_deleted, a
-- later re-add clears it (docs/decisions/038). The unique (group_id, cui) stays: one row per
-- company and group, live or removed. Every reader of company_in_group skips removed rows.
ALTER TABLE "company_in_group" ADD COLUMN "is_deleted" BOOLEAN NOT NULL DEFAULT false;

-- The group's company count counts live rows only: a soft delete (UPDATE to is_deleted) subtracts
-- one, a restore adds one, a move of a live row subtracts from one group and adds to the other.
CREATE OR REPLACE FUNCTION rf_group_company_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE company_group_list g SET company_count = g.company_count - o.n
      FROM (SELECT group_id, count(*)::int AS n FROM rf_old WHERE NOT is_deleted GROUP BY group_id) o WHERE g.id = o.group_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE company_group_list g SET company_count = g.company_count + n.n
      FROM (SELECT group_id, count(*)::int AS n FROM rf_new WHERE NOT is_deleted GROUP BY group_id) n WHERE g.id = n.group_id;
  END IF;
  RETURN NULL;
END $$;

-- A contact save refreshes the company's HasEmail / HasPhone search flags with an UPDATE of
-- company (server/contacts/commands.ts refreshContactFlags). No cached page shows those flags, and
-- the contact's own trigger already bumps that company's page; the register-wide bump of the
-- company trigger fired on every save, even when no row changed, and emptied the cache of every
-- page on every instance. That one statement marks itself with rf.page_touch = 'contact-flags'
-- (transaction-local) and the register trigger skips it; any other statement on company still
-- bumps the register.
DROP TRIGGER "company_touch_pages" ON "company";
CREATE TRIGGER "company_touch_pages" AFTER INSERT OR UPDATE OR DELETE ON "company" FOR EACH STATEMENT
  WHEN (coalesce(current_setting('rf.page_touch', true), '') <> 'contact-flags')
  EXECUTE FUNCTION rf_touch_all_pages();
CREATE TRIGGER "company_touch_pages_trunc" AFTER TRUNCATE ON "company" FOR EACH STATEMENT EXECUTE FUNCTION rf_touch_all_pages();
