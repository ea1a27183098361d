-- A message's delivery is recorded as a Trimis event (with Deschis and Interactionat, which the
-- tracking endpoints write), at most once per message: the sender writes it in the statement that
-- moves the row to Trimis, and this index keeps a repeated delivery from writing a second one.
CREATE UNIQUE INDEX IF NOT EXISTS "mail_status_event_sent_key" ON "mail_status_event" ("mail_send_id") WHERE "status" = 'Trimis';

-- Messages delivered before this migration get their Trimis event from sent_at.
INSERT INTO "mail_status_event" ("mail_send_id", "status", "created_at")
SELECT "id", 'Trimis', "sent_at" FROM "mail_send" WHERE "sent_at" IS NOT NULL
ON CONFLICT DO NOTHING;
