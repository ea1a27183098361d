// Who the public may see (docs/decisions/059): a person row (representative or contact) that an
// accepted takedown suppressed is shown to nobody but, for a contact, the user who added it
// (server/contacts/policy.ts applies that to contacts). No imports: the company page's SQL is
// built from this at load time.
import 'server-only';

/** SQL: the person row aliased `r` (contact or representative) is not suppressed. */
export const UNSUPPRESSED_PERSON_SQL = (r = 'r') => `NOT ${r}.is_suppressed`;

/**
 * SQL: the person row `r` matches a takedown's identity, the values bound at the four parameters:
 * on the request's company only, by normalised name, e-mail or phone (docs/decisions/085: an
 * address or phone shared by other companies is not hidden there). The twin of the database's
 * rf_is_person_suppressed (migration 20261129050500), which tests the rows written later.
 */
export const PERSON_MATCH_SQL = (r: string, cui: string, name: string, email: string, phone: string) =>
  `(${r}.cui = ${cui} AND (rf_person_name_norm(${r}.name) = rf_person_name_norm(${name})
      OR rf_email_norm(${r}.email) = rf_email_norm(${email}) OR rf_phone_norm(${r}.phone) = rf_phone_norm(${phone})))`;

/** Who a takedown hides: on one company, by name, e-mail or phone. */
export type PersonIdentity = { cui: number; name: string; email: string | null; phone: string | null };

/** A person row a takedown matches, as the Admin sees it before deciding. */
export type PersonMatchRow = { id: number; name: string | null; role: string | null; email: string | null; phone: string | null; is_suppressed: boolean };
