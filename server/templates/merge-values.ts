// The one builder of merge values (issue 44: what a user previews is what is sent). The preview
// (preview.ts), the test send (server/sending/test-send.ts) and every campaign message
// (server/sending/sender.ts) take their values here, for the same sender and the same rules: the
// company's facts, and the contact name of the address mailed as the sender may see it
// (server/contacts/queries.ts findContactNamesForMerge: no other user's private contact, no person
// hidden by a takedown). Two builders drifted once and a private name reached another user's mail
// (issue 45); docs/decisions/085.
import 'server-only';
import type { MergeValues } from '@/lib/templates/merge';
import { findContactNamesForMerge, mergeTargetKey, type MergeTarget } from '../contacts/queries';
import { sql } from '../kernel/db';

export { mergeTargetKey } from '../contacts/queries';

/**
 * The merge values of each target, as the sender (user id) may see them: company name, CUI,
 * county, main CAEN activity ("code - name") and the contact name of the address mailed (or of the
 * company's first address when the target names none). A company that does not exist is absent.
 * Keyed by mergeTargetKey.
 */
export async function buildMergeValues(senderId: number, targets: MergeTarget[]): Promise<Map<string, MergeValues>> {
  const out = new Map<string, MergeValues>();
  if (!targets.length) return out;
  const cuis = [...new Set(targets.map((t) => t.cui))];
  // Raw SQL: company, county and CAEN have no Prisma relations between them (CAEN is keyed by
  // revision and code).
  const [companies, names] = await Promise.all([
    sql<{ cui: number; name: string; county: string | null; caen_code: string | null; caen_name: string | null }>(
      `SELECT c.cui, c.name, co.name AS county, c.caen_code, k.name AS caen_name
         FROM company c
         LEFT JOIN county co ON co.id = c.county_id
         LEFT JOIN caen k ON k.revision = 2 AND k.code = c.caen_code
        WHERE c.cui = ANY($1::int[])`,
      [cuis],
    ),
    findContactNamesForMerge(senderId, targets),
  ]);
  const byCui = new Map(companies.map((c) => [c.cui, c]));
  for (const t of targets) {
    const c = byCui.get(t.cui);
    if (!c) continue;
    out.set(mergeTargetKey(t), {
      CompanyName: c.name,
      Cui: String(c.cui),
      County: c.county ?? '',
      CaenActivity: c.caen_code ? (c.caen_name ? `${c.caen_code} - ${c.caen_name}` : c.caen_code) : '',
      ContactName: names.get(mergeTargetKey(t)) ?? '',
    });
  }
  return out;
}
