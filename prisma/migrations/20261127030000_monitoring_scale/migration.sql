-- Monitoring at scale (docs/decisions/063): the feed filters by kind on the notification's own index,
-- and a queued notification mail names its account so that delivery can check it again.
ALTER TABLE "notification" ADD COLUMN "kind" VARCHAR(24);
UPDATE "notification" n SET "kind" = c."kind" FROM "company_change" c WHERE c."id" = n."change_id";
ALTER TABLE "notification" ALTER COLUMN "kind" SET NOT NULL;

CREATE INDEX "notification_user_id_kind_id_idx" ON "notification"("user_id", "kind", "id" DESC);

ALTER TABLE "outbox_mail" ADD COLUMN "user_id" INTEGER;

-- The mail step keeps a watermark per user instead of stamping every notification it handles
-- (a digest run wrote every listed notification again, with all of its indexes).
ALTER TABLE "notification_preference" ADD COLUMN "mailed_through" BIGINT NOT NULL DEFAULT 0;
INSERT INTO "notification_preference" ("user_id") SELECT DISTINCT "user_id" FROM "notification" WHERE "channel" = 'email' ON CONFLICT ("user_id") DO NOTHING;
UPDATE "notification_preference" p SET "mailed_through" = coalesce(
  (SELECT min(n."id") - 1 FROM "notification" n WHERE n."user_id" = p."user_id" AND n."channel" = 'email' AND n."emailed_at" IS NULL),
  (SELECT max(n."id") FROM "notification" n WHERE n."user_id" = p."user_id"),
  0);
DROP INDEX "notification_email_pending_idx";
