-- Monitoring at scale (docs/decisions/063): the feed filters by kind on the notification's own index,
-- and a queued notification mail names its account so that delivery can check it again.
ALTER TABLE "notification" ADD COLUMN "kind" VARCHAR(24);
UPDATE "notification" n SET "kind" = c."kind" FROM "company_change" c WHERE c."id" = n."change_id";
ALTER TABLE "notification" ALTER COLUMN "kind" SET NOT NULL;

CREATE INDEX "notification_user_id_kind_id_idx" ON "notification"("user_id", "kind", "id" DESC);

ALTER TABLE "outbox_mail" ADD COLUMN "user_id" INTEGER;
