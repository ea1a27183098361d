-- E-mail verification and invitation quotas (docs/decisions/036-mail-abuse.md).
--
-- Accounts that exist when verification arrives count as verified: they were created before the
-- product was exposed (demo accounts, the first admin and the seed are verified already), and
-- locking their owners out of campaigns and invitations until they click a link they were never
-- sent would break working accounts. Deleted accounts keep a NULL (their address is gone).
UPDATE "app_user" SET "email_verified" = "created_at" WHERE "email_verified" IS NULL AND NOT "is_deleted";

-- CreateTable
CREATE TABLE "invitation_mail" (
    "id" SERIAL NOT NULL,
    "invited_by_id" INTEGER NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invitation_mail_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "invitation_mail_invited_by_id_created_at_idx" ON "invitation_mail"("invited_by_id", "created_at");

-- CreateIndex
CREATE INDEX "invitation_mail_email_created_at_idx" ON "invitation_mail"("email", "created_at");
