-- Issue 23: an admin created with the published default password must change it at the first
-- sign-in (docs/decisions/032); a session (refresh-token family) has an absolute lifetime counted
-- from its first sign-in, which rotation copies forward. Both columns are additive with constant
-- defaults (no table rewrite).
ALTER TABLE "app_user" ADD COLUMN "must_change_password" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "refresh_token" ADD COLUMN "session_started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
-- Sessions open before this migration began when their oldest kept token was issued.
UPDATE "refresh_token" t SET "session_started_at" = f.started
  FROM (SELECT "family_id", min("created_at") AS started FROM "refresh_token" GROUP BY "family_id") f
 WHERE f."family_id" = t."family_id";
