// The peer address of each request, from the socket, handed to the app in a header that carries a
// key drawn at start-up and shared with the app only through this process's memory
// (server/kernel/peer.ts reads it). A client may send the header too: the front replaces it, and an
// app not behind this front (a bare `next start`) has no key, so it trusts no such header.
// CommonJS (plain .js: the package has no "type") so that scripts/serve.mjs and the Jest tests load
// the same file.
const { randomBytes } = require('node:crypto');

const PEER_HEADER = 'x-radarfirme-peer';
const KEY = Symbol.for('radarfirme.front.peerKey');

/** Draws the key (once per process); the front calls it before it serves anything. */
function ensurePeerKey() {
  if (typeof globalThis[KEY] !== 'string') globalThis[KEY] = randomBytes(16).toString('hex');
  return globalThis[KEY];
}

/** Overwrites whatever the client sent in the peer header with `<key> <socket address>`. */
function stampPeerAddress(req) {
  const key = ensurePeerKey();
  delete req.headers[PEER_HEADER];
  req.headers[PEER_HEADER] = `${key} ${(req.socket && req.socket.remoteAddress) || ''}`;
}

module.exports = { PEER_HEADER, ensurePeerKey, stampPeerAddress };
