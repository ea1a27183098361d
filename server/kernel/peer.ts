// The socket peer of a request, as the front (server/http/front/client-address.mjs) saw it.
// Only a header carrying the key the front drew in this process counts: a client cannot know it,
// and without the front (a bare `next start`) there is no key, so nothing is trusted. Never read
// X-Forwarded-For or any other client-controlled header for this.
import 'server-only';
import { isLoopbackHost } from './exposure';
import { PEER_HEADER, peerKey } from './front-bridge.mjs';

type HeaderSource = { get(name: string): string | null };

/** The socket address the front stamped, or null when the request did not come through the front. */
export function peerAddress(headers: HeaderSource): string | null {
  const key = peerKey();
  const value = headers.get(PEER_HEADER);
  if (typeof key !== 'string' || !key || !value) return null;
  const [given, address, ...rest] = value.split(' ');
  if (given !== key || rest.length || !address) return null;
  return address;
}

/** True only for a request whose socket peer is this machine. */
export function isLoopbackPeer(headers: HeaderSource): boolean {
  const address = peerAddress(headers);
  return address !== null && isLoopbackHost(address);
}
