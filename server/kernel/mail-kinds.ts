// Every kind of mail the app can send, and what an account's erasure does with it (decision 086,
// docs/privacy.md). A kind that is not listed here cannot be queued or sent (MailKind types the
// `kind` of the outbox and the transport), and tests/unit/mail-kinds.test.ts reads the code for
// every kind it sends and fails on one missing here, or listed here and no longer sent.
import 'server-only';

/**
 * - account: mail to an account (its address, or its user id for the monitoring digests): deleted
 *   with the account, sent or not (what it held: the name, the address, confirmation links);
 * - campaign: campaign history (mail_send, to people at companies): kept as the sending's history;
 *   the author is the account's tombstone, the author's name and address are not stored per message;
 * - request: mail to the requester of a personal-data request (takedown): kept with the request
 *   while its suppression holds, whoever's account the address may also be;
 * - operator: mail to the operator (leave-a-message): the operator's correspondence, removed on request.
 */
export type MailClass = 'account' | 'campaign' | 'request' | 'operator';

export const MAIL_KINDS = {
  welcome: 'account',
  'welcome-verify': 'account',
  'verify-email': 'account',
  'password-reset': 'account',
  'claim-decision': 'account',
  'group-invitation': 'account',
  'watch-notifications': 'account',
  // An endpoint disabled after a day of failed deliveries (issue 50), to its owner.
  'webhook-disabled': 'account',
  // A test of a draft, to its author's own address; not kept in the database.
  'campaign-test': 'account',
  campaign: 'campaign',
  'takedown-confirm': 'request',
  'takedown-decision': 'request',
  'leave-message': 'operator',
} as const satisfies Record<string, MailClass>;

export type MailKind = keyof typeof MAIL_KINDS;

const kindsOf = (c: MailClass): MailKind[] => (Object.keys(MAIL_KINDS) as MailKind[]).filter((k) => MAIL_KINDS[k] === c);

/** The outbox kinds an erasure deletes (and a changed address drops): mail to the account. */
export const ACCOUNT_MAIL_KINDS: readonly MailKind[] = kindsOf('account');
