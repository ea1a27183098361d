// The local mailbox: with no SMTP_URL every message is written to MAILBOX_DIR as the raw .eml
// (opens in any mail client) and a .json summary that /dev/mailbox lists, so a developer can
// read the welcome mail and click a reset link without a mail server.
import 'server-only';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isLoopbackHost } from './exposure';
import { env } from './env';
import { isLoopbackPeer } from './peer';

type MailboxEntry = {
  Id: string;
  From: string;
  /** Campaigns: where answers go (issue 28). */
  ReplyTo?: string;
  To: string;
  Subject: string;
  Date: string;
  Kind: string;
  Text: string;
  Html: string;
  Links: string[];
};

export const mailboxDir = () => path.resolve(env.MAILBOX_DIR);
export const usesLocalMailbox = () => !env.SMTP_URL;

/**
 * /dev/mailbox shows every message, reset links included, so it must never be reachable on a
 * real deployment: it is on only when mail goes to the local mailbox, the app listens on loopback
 * and its own address is a loopback one (a newcomer's `npm start` or `npm run dev`, the e2e
 * server). MAILBOX_PAGE=off turns it off (`npm start` does on an instance meant to be reachable:
 * NODE_ENV=production); no setting turns it on elsewhere.
 */
export function isMailboxPageEnabled(): boolean {
  if (!usesLocalMailbox() || env.MAILBOX_PAGE === 'off') return false;
  return isLoopbackHost(env.HOST) && isLoopbackHost(new URL(env.APP_URL).hostname);
}

/** The page answers a request only when it is on and the request's socket peer is this machine. */
export function mayShowMailbox(headers: { get(name: string): string | null }): boolean {
  return isMailboxPageEnabled() && isLoopbackPeer(headers);
}

function extractLinks(html: string, text: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/href="(https?:\/\/[^"]+)"/g)) found.add(m[1].replace(/&amp;/g, '&'));
  for (const m of text.matchAll(/https?:\/\/\S+/g)) found.add(m[0]);
  return [...found];
}

const safeId = (id: string) => /^[\w.-]+$/.test(id);

export async function writeToMailbox(raw: Buffer, entry: Omit<MailboxEntry, 'Id' | 'Links'> & { ref: string }): Promise<string> {
  const dir = mailboxDir();
  await mkdir(dir, { recursive: true });
  const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${entry.ref}`.replace(/[^\w.-]/g, '_');
  const { ref: _ref, ...rest } = entry;
  const json: MailboxEntry = { Id: id, ...rest, Links: extractLinks(entry.Html, entry.Text) };
  await writeFile(path.join(dir, `${id}.eml`), raw);
  await writeFile(path.join(dir, `${id}.json`), JSON.stringify(json, null, 2));
  return id;
}

/**
 * Newest first. `to` keeps only the messages to that address (case-insensitive), scanning at most
 * the newest 20,000 files: a busy local mailbox (a campaign test sends hundreds) must not push a
 * reset or invitation mail out of reach.
 */
export async function listMailbox(limit = 200, to?: string | null): Promise<MailboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(mailboxDir());
  } catch {
    return [];
  }
  const wanted = to?.trim().toLowerCase() || null;
  const ids = names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5)).sort().reverse();
  const out: MailboxEntry[] = [];
  for (const id of ids.slice(0, wanted ? 20_000 : limit)) {
    const entry = await readMailboxMessage(id);
    if (!entry || (wanted && !entry.To.toLowerCase().split(/[,;]\s*/).some((a) => a.replace(/^.*<|>$/g, '') === wanted))) continue;
    out.push(entry);
    if (out.length >= limit) break;
  }
  return out;
}

async function readMailboxMessage(id: string): Promise<MailboxEntry | null> {
  if (!safeId(id)) return null;
  try {
    return JSON.parse(await readFile(path.join(mailboxDir(), `${id}.json`), 'utf8')) as MailboxEntry;
  } catch {
    return null;
  }
}
