// Where a webhook may be sent (issue 50, docs/decisions/096). A target URL is a request this
// server makes on a user's behalf, so it must never reach this machine, the private network or a
// cloud's metadata service (169.254.169.254): only addresses ipaddr.js classes as public unicast
// pass. The name is resolved at SEND time and every address it resolves to is checked; the
// connection then goes to the checked address itself (server/webhooks/transport.ts), so a DNS
// answer that changes between the check and the connection (rebinding) cannot redirect it.
import 'server-only';
import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export type TargetMode = { production: boolean };

export type ResolvedTarget = { url: URL; address: string; family: 4 | 6 };

export class UnsafeTargetError extends Error {}

/** True for a public unicast address (v4 or v6; an IPv4-mapped v6 is judged as its v4). */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  return ipaddr.process(ip).range() === 'unicast';
}

/** The URL's own checks, before any DNS: scheme (https only in production), no credentials, and an IP-literal host judged at once. */
export function checkTargetUrl(raw: string, mode: TargetMode): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeTargetError('adresa nu este un URL valid');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !mode.production)) {
    throw new UnsafeTargetError(mode.production ? 'sunt permise doar adrese https' : 'sunt permise doar adrese http(s)');
  }
  if (url.username || url.password) throw new UnsafeTargetError('adresa nu poate conține utilizator sau parolă');
  const host = bareHost(url);
  if (ipaddr.isValid(host) && mode.production && !isPublicAddress(host)) throw new UnsafeTargetError(`adresa ${host} nu este publică`);
  return url;
}

/** "[::1]" → "::1": URL keeps the brackets of an IPv6 host. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

type Lookup = (host: string) => Promise<Array<{ address: string; family: number }>>;
const LOOKUP_TIMEOUT_MS = 5_000;
/** The system resolver, bounded: a resolver that never answers must not hold a sender's slot. */
const systemLookup: Lookup = (host) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('DNS fără răspuns')), LOOKUP_TIMEOUT_MS);
  });
  return Promise.race([dnsLookup(host, { all: true, verbatim: true }), timeout]).finally(() => clearTimeout(timer));
};

/**
 * The address to connect to: the URL checked, its host resolved, and EVERY resolved address
 * public (in production) — one private answer among public ones refuses the target, since the
 * client could have picked it. Outside production loopback and private targets are allowed (a
 * developer's receiver, the tests' local receiver); the scheme check above still applies.
 */
export async function resolveTarget(raw: string, mode: TargetMode, lookup: Lookup = systemLookup): Promise<ResolvedTarget> {
  const url = checkTargetUrl(raw, mode);
  const host = bareHost(url);
  let answers: Array<{ address: string; family: number }>;
  if (ipaddr.isValid(host)) answers = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  else {
    try {
      answers = await lookup(host);
    } catch {
      throw new UnsafeTargetError(`numele ${host} nu poate fi rezolvat`);
    }
  }
  if (!answers.length) throw new UnsafeTargetError(`numele ${host} nu are nicio adresă`);
  if (mode.production) {
    const bad = answers.find((a) => !isPublicAddress(a.address));
    if (bad) throw new UnsafeTargetError(`adresa ${bad.address} a numelui ${host} nu este publică`);
  }
  const first = answers[0];
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
