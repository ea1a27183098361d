-- Privacy (issue 30; docs/decisions/059 and 060): the Admin audit trail (append-only), takedown
-- requests and the suppression of a person's identity on public pages, and the daily totals that
-- opens and clicks leave behind when the retention job deletes their per-person rows.

-- AlterTable: a constant default rewrites nothing.
ALTER TABLE "contact" ADD COLUMN "is_suppressed" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "representative" ADD COLUMN "is_suppressed" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "audit_entry" (
    "id" BIGSERIAL NOT NULL,
    "actor_id" INTEGER,
    "action" VARCHAR(40) NOT NULL,
    "target_type" VARCHAR(30) NOT NULL,
    "target_id" VARCHAR(40),
    "before" JSONB,
    "after" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_entry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "takedown_request" (
    "id" SERIAL NOT NULL,
    "cui" INTEGER NOT NULL,
    "person_name" VARCHAR(200) NOT NULL,
    "person_email" VARCHAR(254),
    "person_phone" VARCHAR(50),
    "requester_email" VARCHAR(254) NOT NULL,
    "reason" VARCHAR(1000),
    "status" VARCHAR(16) NOT NULL DEFAULT 'Unconfirmed',
    "token_hash" VARCHAR(64),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmed_at" TIMESTAMP(3),
    "decided_at" TIMESTAMP(3),
    "decided_by_id" INTEGER,

    CONSTRAINT "takedown_request_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "person_suppression" (
    "id" SERIAL NOT NULL,
    "takedown_id" INTEGER,
    "cui" INTEGER,
    "name_norm" VARCHAR(200),
    "email_norm" VARCHAR(254),
    "phone_norm" VARCHAR(50),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "person_suppression_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mail_event_daily" (
    "grouped_mail_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "mail_event_daily_pkey" PRIMARY KEY ("grouped_mail_id","day","status")
);

-- CreateIndex
CREATE INDEX "audit_entry_created_at_idx" ON "audit_entry"("created_at");
CREATE INDEX "audit_entry_action_created_at_idx" ON "audit_entry"("action", "created_at");
CREATE INDEX "audit_entry_actor_id_created_at_idx" ON "audit_entry"("actor_id", "created_at");
CREATE INDEX "takedown_request_status_created_at_idx" ON "takedown_request"("status", "created_at");
CREATE UNIQUE INDEX "takedown_request_token_hash_key" ON "takedown_request"("token_hash");
CREATE INDEX "person_suppression_cui_name_norm_idx" ON "person_suppression"("cui", "name_norm");
CREATE INDEX "person_suppression_email_norm_idx" ON "person_suppression"("email_norm");
CREATE INDEX "person_suppression_phone_norm_idx" ON "person_suppression"("phone_norm");

-- The retention job reads opens and clicks by age.
CREATE INDEX "mail_status_event_created_at_idx" ON "mail_status_event"("created_at");

-- Nobody edits the audit trail, the application included: UPDATE is refused, and so is DELETE of
-- an entry younger than three years (the retention of the trail, decision 060).
CREATE OR REPLACE FUNCTION rf_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR OLD.created_at > now() - interval '3 years' THEN
    RAISE EXCEPTION 'audit_entry is append-only' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN OLD;
END $$;

CREATE TRIGGER audit_entry_append_only BEFORE UPDATE OR DELETE ON "audit_entry"
  FOR EACH ROW EXECUTE FUNCTION rf_audit_append_only();
CREATE OR REPLACE FUNCTION rf_audit_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_entry is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER audit_entry_no_truncate BEFORE TRUNCATE ON "audit_entry"
  FOR EACH STATEMENT EXECUTE FUNCTION rf_audit_no_truncate();

-- A person's identity, normalised the same way on both sides of a match: a name ignores case,
-- diacritics, spacing and the order of its words ("POPESCU  Ion" = "Ion Popescu"); an e-mail
-- ignores case and surrounding spaces; a phone keeps its digits, with +40 / 0040 read as 0.
CREATE OR REPLACE FUNCTION rf_person_name_norm(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT nullif(array_to_string(ARRAY(SELECT w FROM unnest(regexp_split_to_array(btrim(rf_norm(t)), '[\s,.;]+')) w
                                            WHERE w <> '' ORDER BY w), ' '), '') $$;

CREATE OR REPLACE FUNCTION rf_email_norm(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT nullif(lower(btrim(t)), '') $$;

CREATE OR REPLACE FUNCTION rf_phone_norm(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT nullif(CASE WHEN d LIKE '0040%' THEN '0' || substr(d, 5)
                           WHEN d LIKE '40%' AND length(d) = 11 THEN '0' || substr(d, 3)
                           ELSE d END, '')
          FROM (SELECT regexp_replace(t, '\D', '', 'g') AS d) x $$;

-- Whether a person row (contact or representative) of company p_cui matches a suppression: its
-- name on that company, its e-mail or its phone anywhere.
CREATE OR REPLACE FUNCTION rf_is_person_suppressed(p_cui integer, p_name text, p_email text, p_phone text) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT EXISTS (SELECT 1 FROM person_suppression s WHERE s.cui = p_cui AND s.name_norm = rf_person_name_norm(p_name))
            OR EXISTS (SELECT 1 FROM person_suppression s WHERE s.email_norm = rf_email_norm(p_email))
            OR EXISTS (SELECT 1 FROM person_suppression s WHERE s.phone_norm = rf_phone_norm(p_phone)) $$;

-- Every row written later (an edit, a re-import, a bulk COPY) is checked against the
-- suppressions: what a person asked to hide stays hidden whatever the row's id.
CREATE OR REPLACE FUNCTION rf_mark_suppressed_person() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.is_suppressed := rf_is_person_suppressed(NEW.cui, NEW.name, NEW.email, NEW.phone);
  RETURN NEW;
END $$;

CREATE TRIGGER contact_mark_suppressed BEFORE INSERT OR UPDATE OF cui, name, email, phone ON "contact"
  FOR EACH ROW EXECUTE FUNCTION rf_mark_suppressed_person();
CREATE TRIGGER representative_mark_suppressed BEFORE INSERT OR UPDATE OF cui, name, email, phone ON "representative"
  FOR EACH ROW EXECUTE FUNCTION rf_mark_suppressed_person();

-- The import's recompute of the search facts reads the contacts' public rule too: a suppressed
-- contact lights neither HasEmail nor HasPhone (server/contacts/policy.ts PUBLIC_CONTACT_SQL).
CREATE OR REPLACE FUNCTION rf_company_fact_rows(p_cui integer)
  RETURNS TABLE(cui integer, last_year smallint, employees integer, turnover bigint, profit bigint,
                insolvency_score real, has_insolvency_risk boolean, is_active boolean, has_email boolean,
                has_phone boolean, has_tenders boolean, has_eu_projects boolean, importance real,
                employees_has_growth boolean, employees_spike_year smallint, employees_spike_up boolean,
                turnover_has_growth boolean, turnover_spike_year smallint, turnover_spike_up boolean,
                profit_has_growth boolean, profit_spike_year smallint, profit_spike_up boolean)
  LANGUAGE sql STABLE
  AS $$
  SELECT c.cui, r.last_year, coalesce(r.employees, 0), coalesce(r.turnover, 0), coalesce(r.profit, 0),
    r.insolvency_score,
    coalesce(r.insolvency_score < 1.8, false),
    coalesce(s.is_active, c.is_active),
    c.cui IN (SELECT k.cui FROM contact k WHERE NOT k.is_private AND NOT k.is_suppressed AND NOT k.is_deleted AND coalesce(k.email, '') <> ''
                AND (p_cui IS NULL OR k.cui = p_cui)),
    c.cui IN (SELECT k.cui FROM contact k WHERE NOT k.is_private AND NOT k.is_suppressed AND NOT k.is_deleted AND coalesce(k.phone, '') <> ''
                AND (p_cui IS NULL OR k.cui = p_cui)),
    c.cui IN (SELECT t.supplier_cui FROM tender t WHERE p_cui IS NULL OR t.supplier_cui = p_cui
              UNION ALL
              SELECT t.authority_cui FROM tender t WHERE p_cui IS NULL OR t.authority_cui = p_cui),
    c.cui IN (SELECT e.cui FROM eu_project e WHERE p_cui IS NULL OR e.cui = p_cui),
    rf_importance(coalesce(r.turnover, 0), coalesce(r.employees, 0), coalesce(s.is_active, c.is_active)),
    r.employees_has_growth, r.employees_spike_year, r.employees_spike_up,
    r.turnover_has_growth, r.turnover_spike_year, r.turnover_spike_up,
    r.profit_has_growth, r.profit_spike_year, r.profit_spike_up
  FROM company c
  LEFT JOIN rf_year_rollup(p_cui) r ON r.cui = c.cui
  LEFT JOIN company_status s ON s.code = c.status_code
  WHERE p_cui IS NULL OR c.cui = p_cui
$$;
