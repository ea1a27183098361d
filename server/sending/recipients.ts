// The addresses a draft reaches. The rule: a company's public contacts plus the sender's own
// private ones (a contact someone else marked private never receives another user's campaign),
// not deleted, with an address that looks like one; one message per address even when it belongs
// to several companies of the draft (the first company by CUI keeps it). Private: only the
// sender's private contacts of the draft hold the address (no public one does), so the message
// shows it to the sender alone (server/contacts/policy.ts).
// Parameters: $1 the draft (grouped_mail) id, $2 the sender's user id.
import 'server-only';
import { MAILABLE_CONTACT_SQL, privateOriginSql, visibleContactsSql } from '../contacts/policy';
import { notInCrmSql } from '../crm/policy';

const recipientsSql = (extra: string) => `
  SELECT DISTINCT ON (lower(btrim(k.email)))
         gmc.cui, gmc.group_id, lower(btrim(k.email)) AS email,
         ${privateOriginSql('k', 'lower(btrim(k.email))')}
    FROM grouped_mail_company gmc
    JOIN ${visibleContactsSql('$2')} k ON k.cui = gmc.cui
   WHERE gmc.grouped_mail_id = $1
     AND ${MAILABLE_CONTACT_SQL('k')}${extra}
   ORDER BY lower(btrim(k.email)), gmc.cui, k.id`;

export const RECIPIENTS_SQL = recipientsSql('');
/**
 * The same, without the companies the sender's CRMs already hold (decision 109). Filtered before
 * the one-message-per-address step, so an address shared with a company outside the CRM still
 * receives its message.
 */
export const RECIPIENTS_OUTSIDE_CRM_SQL = recipientsSql(`\n     AND ${notInCrmSql('gmc.cui', '$2')}`);
