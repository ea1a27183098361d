-- When a group or a template was deleted: its owner may restore it for 30 days from then
-- (docs/decisions/042). Rows deleted before this column existed keep NULL: their deletion date is
-- unknown, so they are not offered for restore.
ALTER TABLE "company_group_list" ADD COLUMN "deleted_at" TIMESTAMP(3);
ALTER TABLE "mail_template" ADD COLUMN "deleted_at" TIMESTAMP(3);
