-- Fan-out at scale (docs/decisions/063, addendum): one unique (change_id, user_id) index replaces the
-- unique (user_id, change_id) and the plain (change_id) index: it arbitrates the fan-out's ON CONFLICT
-- and serves the cascade from company_change, one index less to write per notification.
CREATE UNIQUE INDEX "notification_change_id_user_id_key" ON "notification"("change_id", "user_id");
DROP INDEX "notification_user_id_change_id_key";
DROP INDEX "notification_change_id_idx";
