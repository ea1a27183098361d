-- Foreign suppliers of public procurement (docs/decisions/028-foreign-suppliers.md): a tender won
-- by a company registered abroad keeps the supplier's name, its foreign tax identifier (VAT
-- number as written, normalised) and its country, and no CUI. The tender shows on the contracting
-- authority's page; the supplier has no company page, no collaboration pair and no search flag.
ALTER TABLE "tender" ALTER COLUMN "supplier_cui" DROP NOT NULL;
ALTER TABLE "tender" ADD COLUMN "supplier_tax_id" VARCHAR(32);
ALTER TABLE "tender" ADD COLUMN "supplier_country" VARCHAR(60);
-- a supplier is either a Romanian company (CUI) or a foreign one (country known)
ALTER TABLE "tender" ADD CONSTRAINT "tender_supplier_known" CHECK ("supplier_cui" IS NOT NULL OR "supplier_country" IS NOT NULL);

-- staging: the same columns; chunk_key orders the merge (the supplier's CUI, or the contracting
-- authority's for a foreign supplier, so every staged row falls in exactly one chunk)
TRUNCATE "imp_tender";
ALTER TABLE "imp_tender" ALTER COLUMN "supplier_cui" DROP NOT NULL;
ALTER TABLE "imp_tender" ADD COLUMN "supplier_tax_id" VARCHAR(32);
ALTER TABLE "imp_tender" ADD COLUMN "supplier_country" VARCHAR(60);
ALTER TABLE "imp_tender" ADD COLUMN "chunk_key" INTEGER NOT NULL;
DROP INDEX IF EXISTS "imp_tender_supplier_idx";
