import 'server-only';
import type { MergeValues } from '@/lib/templates/merge';
import type { Actor } from '../auth/actor';
import { VISIBLE_CONTACT_SQL } from '../contacts/policy';
import { sql } from '../kernel/db';

/**
 * The merge values of each company, as the sender may see them: name, CUI, county, main CAEN
 * activity ("code - name") and the name of the first contact that gives the sender an address
 * (public, or the sender's own private one). A company that does not exist is absent.
 */
export async function mergeValuesFor(actor: Actor, cuis: number[]): Promise<Map<number, MergeValues>> {
  const out = new Map<number, MergeValues>();
  if (!cuis.length) return out;
  // Raw SQL: one round trip joins company, county, CAEN and the first usable contact, which have
  // no Prisma relations between them (CAEN is keyed by revision and code).
  const rows = await sql<{ cui: number; name: string; county: string | null; caen_code: string | null; caen_name: string | null; contact: string | null }>(
    `SELECT c.cui, c.name, co.name AS county, c.caen_code, k.name AS caen_name,
            (SELECT ct.name FROM contact ct
              WHERE ct.cui = c.cui AND ${VISIBLE_CONTACT_SQL('$2', 'ct')} AND coalesce(ct.email, '') <> ''
                AND coalesce(ct.name, '') <> ''
              ORDER BY ct.id LIMIT 1) AS contact
       FROM company c
       LEFT JOIN county co ON co.id = c.county_id
       LEFT JOIN caen k ON k.revision = 2 AND k.code = c.caen_code
      WHERE c.cui = ANY($1::int[])`,
    [cuis, actor.userId],
  );
  for (const r of rows) {
    out.set(r.cui, {
      CompanyName: r.name,
      Cui: String(r.cui),
      County: r.county ?? '',
      CaenActivity: r.caen_code ? (r.caen_name ? `${r.caen_code} - ${r.caen_name}` : r.caen_code) : '',
      ContactName: r.contact ?? '',
    });
  }
  return out;
}
