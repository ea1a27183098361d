-- The followers' fan-out leaves the import (decision 073): a done run waits for the fan-out worker
-- (the mail sender's loop, the cron endpoint) until notified_at is set. Runs already done were fanned
-- out by the importer itself.
ALTER TABLE "import_run" ADD COLUMN "notified_at" TIMESTAMP(3);
UPDATE "import_run" SET "notified_at" = coalesce("finished_at", now()) WHERE "status" = 'done';
