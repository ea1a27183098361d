// Who a campaign message is from (issue 28, docs/decisions/057-campaign-identity-scheduling-follow-up.md).
// The From address stays the platform's own (CAMPAIGN_FROM, else MAIL_FROM): that domain is the
// one SPF and DKIM authenticate, so DMARC passes; only its display name carries the author
// ("Ana Popescu prin RadarFirme"). Replies go to the author through Reply-To, and only to an
// address the author has confirmed (036): an unconfirmed one could be anybody's.
import 'server-only';
import { verifiedEmailSql } from '../auth/verification';
import { campaignFrom } from '../kernel/mail-transport';

export type SenderIdentity = {
  from: { name: string; address: string };
  replyTo: string | null;
};

const BRAND = 'RadarFirme';
const NAME_MAX = 80;

/** The bare address of a `Name <address>` (or bare) From setting. */
export function fromAddress(setting = campaignFrom()): string {
  const m = /<([^<>\s]+@[^<>\s]+)>/.exec(setting);
  return (m?.[1] ?? setting).trim();
}

/**
 * The display name: the author's name with every character a header could misread removed
 * (line breaks, quotes, angle brackets, commas, semicolons), cut to a sane length.
 */
export function senderDisplayName(userName: string): string {
  const clean = userName
    .replace(/[\r\n\t"<>,;:\\@()[\]]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, NAME_MAX)
    .trim();
  return clean ? `${clean} prin ${BRAND}` : BRAND;
}

export function senderIdentity(author: { userName: string; email: string; emailVerified: boolean }): SenderIdentity {
  return {
    from: { name: senderDisplayName(author.userName), address: fromAddress() },
    replyTo: author.emailVerified ? author.email : null,
  };
}

/** `"Name" <address>` as a person reads it (the draft page's preview). */
export const formatAddress = (a: { name: string; address: string }) => `${a.name} <${a.address}>`;

/** The SQL columns the sender and the test send read to build the identity, for app_user `u`. */
export const IDENTITY_COLUMNS_SQL = (u: string) =>
  `${u}.user_name AS author_name, ${u}.email AS author_email, ${verifiedEmailSql(u)} AS author_verified`;

export type IdentityRow = { author_name: string; author_email: string; author_verified: boolean };

export const identityOfRow = (r: IdentityRow) =>
  senderIdentity({ userName: r.author_name, email: r.author_email, emailVerified: r.author_verified });
