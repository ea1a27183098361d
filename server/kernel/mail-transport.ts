// One way out for every mail: SMTP when SMTP_URL is set (smtp://user:pass@host:587,
// smtps://…:465), otherwise the local mailbox folder (mailbox.ts). Campaign messages go through
// a pooled transport of their own (CAMPAIGN_SMTP_URL, else SMTP_URL), DKIM-signed when a key is
// configured.
import 'server-only';
import { readFileSync } from 'node:fs';
import nodemailer, { type Transporter } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import { env } from './env';
import type { MailKind } from './mail-kinds';
import { usesLocalMailbox, writeToMailbox } from './mailbox';

type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text?: string | null;
  kind: MailKind;
  ref: string;
  /** A display name with the address (campaigns, issue 28) or a ready `Name <address>` string. */
  from?: string | { name: string; address: string };
  /** Campaigns: the author's confirmed address, where the recipients' answers go (issue 28). */
  replyTo?: string | null;
  /** Campaigns: the envelope sender (VERP bounce address, issue 28); the From when unset. */
  envelopeFrom?: string | null;
  /** A fixed Message-ID (campaigns: the same on every retry, so a receiver can drop a repeat). */
  messageId?: string;
  headers?: Record<string, string>;
};

let smtp: Transporter | null = null;
let stream: Transporter | null = null;

function smtpTransport(): Transporter {
  smtp ??= nodemailer.createTransport(env.SMTP_URL!);
  return smtp;
}

let campaign: Transporter | null = null;

const campaignSmtpUrl = () => env.CAMPAIGN_SMTP_URL ?? env.SMTP_URL;

/**
 * The header fields the DKIM signature covers: nodemailer's default list (RFC 6376 §5.4) plus
 * List-Unsubscribe-Post, which RFC 8058 §4 requires to be signed together with List-Unsubscribe
 * (a receiver offers one-click unsubscribe only when both are covered). A field missing from a
 * message is simply not listed in h=.
 */
const DKIM_SIGNED_HEADERS = [
  'From', 'Sender', 'Reply-To', 'Subject', 'Date', 'Message-ID', 'To', 'Cc', 'MIME-Version', 'Content-Type',
  'Content-Transfer-Encoding', 'Content-ID', 'Content-Description', 'Resent-Date', 'Resent-From', 'Resent-Sender',
  'Resent-To', 'Resent-Cc', 'Resent-Message-ID', 'In-Reply-To', 'References', 'List-Id', 'List-Help',
  'List-Unsubscribe', 'List-Unsubscribe-Post', 'List-Subscribe', 'List-Post', 'List-Owner', 'List-Archive',
].join(':');

function dkimOptions() {
  const { MAIL_DKIM_DOMAIN: domainName, MAIL_DKIM_SELECTOR: keySelector, MAIL_DKIM_PRIVATE_KEY: key } = env;
  if (!domainName || !keySelector || !key) return undefined;
  const privateKey = key.includes('-----BEGIN') ? key.replace(/\\n/g, '\n') : readFileSync(key, 'utf8');
  return { domainName, keySelector, privateKey, headerFieldNames: DKIM_SIGNED_HEADERS };
}

/** The pooled campaign transport (MAIL_SMTP_CONNECTIONS connections kept open), or null for the local mailbox. */
function campaignTransport(): Transporter | null {
  const url = campaignSmtpUrl();
  if (!url) return null;
  // The URL is parsed here: nodemailer takes ONLY the URL's settings when the options carry a
  // `url`, so pool, connections and the DKIM key beside it were silently dropped (036).
  campaign ??= nodemailer.createTransport({
    ...parseConnectionUrl(url),
    pool: true,
    maxConnections: env.MAIL_SMTP_CONNECTIONS,
    maxMessages: Infinity,
    dkim: dkimOptions(),
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return campaign;
}

/** For tests that swap SMTP_URL between cases. */
export function resetTransports(): void {
  smtp?.close();
  smtp = null;
  campaign?.close();
  campaign = null;
}

export const campaignFrom = () => env.CAMPAIGN_FROM ?? env.MAIL_FROM;

/** The domain of the From address: the right-hand side of every Message-ID we make. */
export function messageIdDomain(): string {
  const m = /@([A-Za-z0-9.-]+)/.exec(campaignFrom());
  return m?.[1] ?? 'radarfirme.ro';
}

/** The Postmark metadata key of a campaign message's tracking id: its bounce webhook names the message by it (decision 086). */
export const POSTMARK_TRACKING_KEY = 'tracking-id';

/**
 * A campaign's Message-ID is `<tracking id@domain>`; Postmark replaces it and returns only the
 * metadata sent as X-PM-Metadata-* headers, so the id goes there too (other relays ignore it).
 */
function trackingHeaders(messageId: string | undefined): Record<string, string> {
  const id = /^<?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@/i.exec(messageId ?? '')?.[1];
  return id ? { [`X-PM-Metadata-${POSTMARK_TRACKING_KEY}`]: id.toLowerCase() } : {};
}

/** A campaign message: the pooled SMTP transport, or the local mailbox when no SMTP is configured. */
export async function sendCampaignMail(mail: OutgoingMail): Promise<{ messageId: string; response?: string }> {
  const transport = campaignTransport();
  if (!transport) return sendMail({ ...mail, from: mail.from ?? campaignFrom() });
  const info = await transport.sendMail({
    from: mail.from ?? campaignFrom(),
    replyTo: mail.replyTo ?? undefined,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text ?? undefined,
    messageId: mail.messageId,
    headers: { ...trackingHeaders(mail.messageId), ...mail.headers },
    ...(mail.envelopeFrom ? { envelope: { from: mail.envelopeFrom, to: mail.to } } : {}),
  });
  return { messageId: info.messageId, response: info.response };
}

export async function sendMail(mail: OutgoingMail): Promise<{ messageId: string; mailboxId?: string }> {
  const from = mail.from ?? env.MAIL_FROM;
  const message = { from, replyTo: mail.replyTo ?? undefined, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text ?? undefined, messageId: mail.messageId, headers: mail.headers };
  if (!usesLocalMailbox()) {
    const info = await smtpTransport().sendMail(message);
    return { messageId: info.messageId };
  }
  stream ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await stream.sendMail(message);
  const mailboxId = await writeToMailbox(info.message as Buffer, {
    ref: mail.ref,
    From: typeof from === 'string' ? from : `${from.name} <${from.address}>`,
    ...(mail.replyTo ? { ReplyTo: mail.replyTo } : {}),
    To: mail.to,
    Subject: mail.subject,
    Date: new Date().toISOString(),
    Kind: mail.kind,
    Text: mail.text ?? '',
    Html: mail.html,
  });
  return { messageId: info.messageId, mailboxId };
}
