// Suppression of a person's identity on the public pages (docs/decisions/059). An accepted
// takedown becomes rows of person_suppression, normalised by the database (rf_person_name_norm,
// rf_email_norm, rf_phone_norm, migration 2026112608…_privacy), never a row id: a trigger marks
// every contact and representative row written later (an edit, a re-import, a bulk COPY) that
// matches, so the person stays hidden whatever happens to the rows. Here: the rows already there
// are marked, and what shows them follows at once: the company's HasEmail / HasPhone flags (whose
// update logs a search_change for every instance's search copy), the page versions (the
// contact/representative triggers bump them) and an explicit search_change per company.
import 'server-only';
import type { Prisma } from '../generated/prisma/client';
import { refreshContactFlags } from '../contacts/commands';
import { PERSON_MATCH_SQL, type PersonIdentity } from '../privacy/policy';

type Tx = Prisma.TransactionClient;


/**
 * Adds the suppression of one person and hides the rows that match it now. Returns the companies
 * whose public pages changed.
 */
export async function suppressPerson(tx: Tx, takedownId: number | null, who: PersonIdentity): Promise<number[]> {
  await tx.$executeRaw`
    INSERT INTO person_suppression (takedown_id, cui, name_norm, email_norm, phone_norm)
    VALUES (${takedownId}, ${who.cui}, rf_person_name_norm(${who.name}), rf_email_norm(${who.email}), rf_phone_norm(${who.phone}))`;
  const cuis = new Set<number>();
  for (const table of ['contact', 'representative'] as const) {
    // The same test the write trigger applies (rf_is_person_suppressed), narrowed to this identity:
    // on the request's company only (a generic office address listed by other companies stays
    // there; migration 20261129050500, docs/decisions/085).
    const rows = await tx.$queryRawUnsafe<Array<{ cui: number }>>(
      `UPDATE ${table} r SET is_suppressed = true
        WHERE NOT r.is_suppressed AND ${PERSON_MATCH_SQL('r', '$1::int', '$2::text', '$3::text', '$4::text')}
       RETURNING r.cui`,
      who.cui,
      who.name,
      who.email,
      who.phone,
    );
    for (const r of rows) cuis.add(r.cui);
  }
  const affected = [...cuis].sort((a, b) => a - b);
  for (const cui of affected) await refreshContactFlags(tx, cui);
  // Every instance's search copy re-reads these companies (docs/decisions/026).
  if (affected.length) await tx.$executeRaw`INSERT INTO search_change (cui) SELECT unnest(${affected}::int[])`;
  return affected;
}
