-- A takedown hides a person only at the company its request names (issue 45, docs/decisions/085).
-- Before, an e-mail or a phone matched at every company: one accepted request for a company's
-- generic office address hid that address on every company that lists it. Now the name, the
-- e-mail and the phone are all matched on the request's company alone.
CREATE OR REPLACE FUNCTION rf_is_person_suppressed(p_cui integer, p_name text, p_email text, p_phone text) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT EXISTS (SELECT 1 FROM person_suppression s
                        WHERE s.cui = p_cui
                          AND (s.name_norm = rf_person_name_norm(p_name)
                               OR s.email_norm = rf_email_norm(p_email)
                               OR s.phone_norm = rf_phone_norm(p_phone))) $$;

-- The rows hidden by the old reach (another company's row with the same address or phone) are
-- shown again (an UPDATE of is_suppressed alone does not fire the mark trigger; the row triggers
-- bump the pages), with a search_change per company so every instance's search copy reads it again.
WITH c AS (
  UPDATE contact k SET is_suppressed = false
   WHERE k.is_suppressed AND NOT rf_is_person_suppressed(k.cui, k.name, k.email, k.phone)
  RETURNING k.cui),
r AS (
  UPDATE representative p SET is_suppressed = false
   WHERE p.is_suppressed AND NOT rf_is_person_suppressed(p.cui, p.name, p.email, p.phone)
  RETURNING p.cui)
INSERT INTO search_change (cui) SELECT cui FROM c UNION SELECT cui FROM r;

-- A contact shown again can only light HasEmail / HasPhone (the company's update logs its own
-- search_change). The public rule is server/contacts/policy.ts PUBLIC_CONTACT_SQL.
UPDATE company co SET has_email = true
  FROM (SELECT DISTINCT k.cui FROM contact k
         WHERE NOT k.is_private AND NOT k.is_suppressed AND NOT k.is_deleted AND coalesce(k.email, '') <> '') k
 WHERE co.cui = k.cui AND NOT co.has_email;
UPDATE company co SET has_phone = true
  FROM (SELECT DISTINCT k.cui FROM contact k
         WHERE NOT k.is_private AND NOT k.is_suppressed AND NOT k.is_deleted AND coalesce(k.phone, '') <> '') k
 WHERE co.cui = k.cui AND NOT co.has_phone;
