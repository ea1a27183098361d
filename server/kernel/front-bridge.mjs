// What the front server (server/http/front/server.mjs) and the app hand each other (decision 082).
// The front runs under plain `node`; the app's modules run inside Next's bundle, in copies of their
// own, so neither can import the other's live objects. Each side calls these functions instead, and
// the one process-wide slot (server/kernel/process-slot.mjs) carries the values between them:
// - the app registers its handlers as its modules load (the page cache, the hot API routes), and
//   the front asks for them per request (none yet: the request goes to Next, which loads them);
// - the front draws the peer key and marks the client-address header; the app reads both.
// Types in bridge.d.mts. Plain JavaScript: plain `node` runs it, and Next bundles the same file.
import { randomBytes } from 'node:crypto';
import { processSlot, readProcessSlot, setProcessSlot } from './process-slot.mjs';

/** The header that carries `<peer key> <socket address>` (server/kernel/peer.ts reads it). */
export const PEER_HEADER = 'x-radarfirme-peer';
/** The header the front fills with the client address (server/http/front/client-address.mjs). */
export const CLIENT_ADDRESS_HEADER = 'x-radarfirme-client-address';

const PAGE_CACHE = 'front.pageCache';
const ROUTES = 'front.routes';
const PEER_KEY = 'front.peerKey';
const CLIENT_ADDRESS = 'front.clientAddress';

/** The page cache's copy that the proxy loaded offers its functions (server/page-cache/serve.ts). */
export function registerPageCacheHandlers(handlers) {
  setProcessSlot(PAGE_CACHE, handlers);
}

/** The page cache's functions, or undefined before Next has loaded them. */
export function pageCacheHandlers() {
  return readProcessSlot(PAGE_CACHE);
}

/** The registry of the hot API routes (server/http/front-routes.ts), one per process. */
export function frontRouteRegistry(create) {
  return processSlot(ROUTES, create);
}

/** The front's view of that registry, or undefined before any route module loaded. */
export function frontRouteHandlers() {
  return readProcessSlot(ROUTES)?.api;
}

/** Draws the peer key (once per process); the front calls it before it serves anything. */
export function ensurePeerKey() {
  return processSlot(PEER_KEY, () => randomBytes(16).toString('hex'));
}

/** The peer key, or undefined without a front (a bare `next start` trusts no peer header). */
export function peerKey() {
  return readProcessSlot(PEER_KEY);
}

/** Called once by the front: from now on the app reads the client address from its header. */
export function markFront() {
  setProcessSlot(CLIENT_ADDRESS, CLIENT_ADDRESS_HEADER);
}

/** The header the front fills, or undefined when no front runs in this process. */
export function frontClientAddressHeader() {
  return readProcessSlot(CLIENT_ADDRESS);
}
