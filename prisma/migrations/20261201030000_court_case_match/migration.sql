-- Court cases on demand (issue 48, docs/decisions/108-bulk-checks-court-lookups-arrears.md): how each
-- case was tied to the company, 'cui' (the company's CUI written in the party's name) or 'name' (the
-- party's name alone, which a namesake company can share). Cases stored before this were matched
-- by name.

-- AlterTable
ALTER TABLE "court_case" ADD COLUMN     "match" VARCHAR(8) NOT NULL DEFAULT 'name';
