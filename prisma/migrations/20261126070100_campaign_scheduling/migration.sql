-- The optional sending window of a scheduled sending (issue 28, decision 057): outside its days
-- and hours the sending's queued messages wait for the next opening. Nullable: nothing rewritten.
ALTER TABLE "grouped_mail" ADD COLUMN "send_window" JSONB;
