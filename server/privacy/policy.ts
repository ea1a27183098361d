// Who the public may see (docs/decisions/059): a person row (representative or contact) that an
// accepted takedown suppressed is shown to nobody but, for a contact, the user who added it
// (server/contacts/policy.ts applies that to contacts). No imports: the company page's SQL is
// built from this at load time.
import 'server-only';

/** SQL: the person row aliased `r` (contact or representative) is not suppressed. */
export const UNSUPPRESSED_PERSON_SQL = (r = 'r') => `NOT ${r}.is_suppressed`;
