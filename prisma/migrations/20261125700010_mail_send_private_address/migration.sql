-- A message of a sending remembers whether its address came from the author's private contact
-- (issue 31): group members read the sending's rows, and a private address is its owner's alone,
-- so the reads show it to the author and a masked form to everyone else, and no search matches it.
-- Adding a column with a constant default rewrites nothing.
ALTER TABLE "mail_send" ADD COLUMN "is_private" BOOLEAN NOT NULL DEFAULT false;

-- The rows sent before this column: private when the company holds the address only in a
-- private contact (a public contact of the company with the same address makes it public).
UPDATE "mail_send" ms
   SET "is_private" = true
 WHERE EXISTS (SELECT 1 FROM "contact" k
                WHERE k.cui = ms.cui AND k.is_private AND lower(btrim(k.email)) = ms.email)
   AND NOT EXISTS (SELECT 1 FROM "contact" k
                    WHERE k.cui = ms.cui AND NOT k.is_private AND NOT k.is_deleted
                      AND lower(btrim(k.email)) = ms.email);
