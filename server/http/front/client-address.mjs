// The client address, decided once by the front server (server/http/front/server.mjs) from the socket and
// TRUST_PROXY, and handed to the app in one header that the front always overwrites
// (docs/decisions/034-client-address-from-the-front.md). The app's per-address limits read only
// that header (server/kernel/rate-limit.ts), so a client cannot pick its own bucket by sending
// X-Forwarded-For. Plain JavaScript: plain `node` runs it, and the tests import it.
import { CLIENT_ADDRESS_HEADER, ensurePeerKey, markFront, PEER_HEADER } from '../../kernel/front-bridge.mjs';

/** The header the front sets on every request (any copy the client sent is removed first). */
export { CLIENT_ADDRESS_HEADER };
/** Called once by the front (bridge.mjs): the app trusts the header only in a process the front runs. */
export { markFront };

/**
 * TRUST_PROXY: how many reverse proxies stand in front of the app, each appending the address it
 * saw to X-Forwarded-For. '' or unset = 0 (the socket address; X-Forwarded-For is ignored).
 */
export function parseTrustProxy(value) {
  const text = String(value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false') return 0;
  if (text === 'true') return 1;
  if (!/^\d{1,2}$/.test(text)) throw new Error(`TRUST_PROXY trebuie să fie un număr de proxy-uri (0, 1, 2…), nu „${value}”.`);
  return Number(text);
}

/** Up to 8 groups of an IPv6 address, expanded (:: filled in), or null when it is not one. */
function ipv6Groups(address) {
  if (!/^[0-9a-f:.]+$/i.test(address) || !address.includes(':')) return null;
  let text = address.toLowerCase();
  // An IPv4 tail (::ffff:1.2.3.4) as two groups.
  const v4 = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    if ([a, b, c, d].some((n) => n > 255)) return null;
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * The bucket of an address: an IPv4 address as it is (an IPv4-mapped IPv6 one as IPv4), an IPv6
 * address by its /64 (one subscriber gets a whole /64, so counting single IPv6 addresses would
 * give one client 2^64 buckets); anything else (a proxy that wrote a name) as text, cut to 64.
 */
export function addressBucket(raw) {
  const address = String(raw ?? '').trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address.slice(0, 64) || 'unknown';
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/**
 * The client address of a request: the socket address with trustProxy 0; behind n trusted
 * proxies, the entry n places from the right of (X-Forwarded-For + socket), that is the address
 * the outermost trusted proxy saw. Entries further left are whatever the client wrote. Fewer
 * entries than trusted hops: the left-most one.
 */
export function clientAddressOf(socketAddress, forwardedFor, trustProxy) {
  const chain = [];
  if (trustProxy > 0 && forwardedFor) {
    const values = Array.isArray(forwardedFor) ? forwardedFor : [forwardedFor];
    for (const v of values) for (const part of String(v).split(',')) if (part.trim()) chain.push(part.trim());
  }
  chain.push(socketAddress ?? 'unknown');
  const index = Math.max(0, chain.length - 1 - trustProxy);
  return addressBucket(chain[index]);
}

/**
 * On a Node request, before the app sees it: removes every copy of the header the client sent
 * (in headers and rawHeaders) and sets the one the front computed.
 */
export function stampClientAddress(req, trustProxy) {
  const address = clientAddressOf(req.socket?.remoteAddress, req.headers['x-forwarded-for'], trustProxy);
  if (Array.isArray(req.rawHeaders)) {
    const raw = [];
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
      if (req.rawHeaders[i].toLowerCase() !== CLIENT_ADDRESS_HEADER) raw.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
    }
    raw.push(CLIENT_ADDRESS_HEADER, address);
    req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
  }
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  return address;
}

/**
 * Overwrites whatever the client sent in the peer header with `<key> <socket address>`: the key
 * is drawn in this process (bridge.mjs) and known to no client (server/kernel/peer.ts checks it).
 */
export function stampPeerAddress(req) {
  const key = ensurePeerKey();
  delete req.headers[PEER_HEADER];
  req.headers[PEER_HEADER] = `${key} ${(req.socket && req.socket.remoteAddress) || ''}`;
}
