// The one module that reads the representative table (docs/decisions/085; the architecture test
// tests/unit/architecture-rules.test.ts fails on any other reader). Each audience has its form:
// the public one (the company page), the Admin's takedown queue. A read written elsewhere could
// leave out the suppression of a person a takedown hides; here it cannot be forgotten.
import 'server-only';
import { sql } from '../kernel/db';
import { PERSON_MATCH_SQL, UNSUPPRESSED_PERSON_SQL, type PersonIdentity, type PersonMatchRow } from './policy';

/**
 * SQL (a scalar subquery): the public representatives of the company `cui` (an SQL expression) as
 * a JSON array of { name, role, phone, email }, in row order: imported rows only (no user's), not
 * deleted, not hidden by a takedown. The company page's one-statement read embeds it.
 */
export const publicRepresentativesJsonSql = (cui: string) =>
  `(SELECT coalesce(json_agg(json_build_object('name', r.name, 'role', r.role, 'phone', r.phone, 'email', r.email) ORDER BY r.id), '[]')
      FROM representative r WHERE r.cui = ${cui} AND NOT r.is_deleted AND r.user_id IS NULL AND ${UNSUPPRESSED_PERSON_SQL('r')})`;

/** The company's representatives a takedown's identity matches, for the Admin before the decision. */
export async function findRepresentativesMatchingPerson(who: PersonIdentity): Promise<PersonMatchRow[]> {
  return sql<PersonMatchRow>(
    `SELECT r.id, r.name, r.role, r.email, r.phone, r.is_suppressed FROM representative r
      WHERE NOT r.is_deleted AND ${PERSON_MATCH_SQL('r', '$1::int', '$2::text', '$3::text', '$4::text')}
      ORDER BY r.id`,
    [who.cui, who.name, who.email, who.phone],
  );
}
