// Who may read /api/metrics (issue 32, decision 052): a scraper holding METRICS_TOKEN, or one on
// this machine. "On this machine" needs both the socket peer (the front's stamp, server/kernel/peer.ts)
// and the client address (TRUST_PROXY, decision 034) on loopback: a reverse proxy on the same host
// connects from loopback for every visitor, and its X-Forwarded-For names the real one.
import 'server-only';
import { isLoopbackHost } from '../kernel/exposure';
import { env } from '../kernel/env';
import { isLoopbackPeer } from '../kernel/peer';
import { clientAddress } from '../kernel/rate-limit';
import { isSameSecret } from '../security/secrets';

export function canReadMetrics(req: Request): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]?.trim();
  if (env.METRICS_TOKEN && given) return isSameSecret(given, env.METRICS_TOKEN);
  return isLoopbackPeer(req.headers) && isLoopbackHost(clientAddress(req));
}
