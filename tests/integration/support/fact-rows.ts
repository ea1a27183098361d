// Fiscal checks and arrears lists for the search tests of decision 107: about two thirds of the
// companies checked (some found with every mix of VAT, inactive and e-Factura, some not found at
// ANAF: all NULL), the rest never checked; two lists of one category (only the later one counts)
// and one of another. Seeded before the search engine loads, removed after the file.
import { sql } from '@/server/kernel/db';

export async function seedFactRows(): Promise<void> {
  // The file owns the facts it reads: checks left by an earlier file of the same worker's database
  // (a bulk check answers for every company it asked about) would leave no company unchecked.
  await sql(`DELETE FROM fiscal_check`);
  await sql(`INSERT INTO fiscal_check (cui, checked_at, found, vat_payer, inactive, e_factura)
             SELECT cui, timestamptz '2001-01-01 00:00:00+00', m <> 1,
                    CASE WHEN m <> 1 THEN abs(hashtext(cui::text || 'v')) % 3 <> 0 END,
                    CASE WHEN m <> 1 THEN abs(hashtext(cui::text || 'i')) % 5 = 0 END,
                    CASE WHEN m <> 1 THEN abs(hashtext(cui::text || 'e')) % 2 = 0 END
               FROM (SELECT cui, abs(hashtext(cui::text)) % 6 AS m FROM company) c
              WHERE m < 4
             ON CONFLICT (cui) DO NOTHING`);
  await sql(`INSERT INTO tax_arrears_list (list_date, category, source) VALUES
               ('2026-03-31', 'mici', 'test-fact-rows'), ('2026-06-30', 'mici', 'test-fact-rows'), ('2026-06-30', 'mari', 'test-fact-rows')
             ON CONFLICT DO NOTHING`);
  await sql(`INSERT INTO tax_arrears (list_id, cui, budget, principal, accessories)
             SELECT l.id, c.cui, 'stat', 20000, 100 FROM tax_arrears_list l
               JOIN company c ON abs(hashtext(c.cui::text || l.list_date::text || l.category)) % 9 = 0
              WHERE l.source = 'test-fact-rows'
             ON CONFLICT DO NOTHING`);
}

export async function dropFactRows(): Promise<void> {
  await sql(`DELETE FROM tax_arrears_list WHERE source = 'test-fact-rows'`);
  await sql(`DELETE FROM fiscal_check WHERE checked_at = timestamptz '2001-01-01 00:00:00+00'`);
}
