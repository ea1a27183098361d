// Load shedding at the front server (server/http/front/server.mjs, decision 035): the unauthenticated
// endpoints that cost the most (sign-in, registration, password reset) may have at most
// AUTH_INFLIGHT_MAX requests inside Next at once, and at most 2 of one client address (so one
// flooding address does not take the places of everyone else). Past it the front answers 503 itself, in
// microseconds, so a flood of them (from any number of addresses) never queues in front of the
// pages and the rest of the API on the one event loop. Plain JavaScript: `node` runs it.

/** POST paths shed when too many are in flight (case as the documented API spells them). */
const SHED_PATHS = new Set(['/api/Auth/login', '/api/Auth/resetPassword', '/api/Auth/forgotPassword', '/api/Account/register']);

export const BUSY_BODY = JSON.stringify({ Message: 'Serverul este ocupat. Încercați din nou peste câteva secunde.', Code: 'UNAVAILABLE' });

/** AUTH_INFLIGHT_MAX (unset = 8) or AUTH_INFLIGHT_PER_ADDRESS (unset = 2); 0 turns that limit off. */
export function parseInflightMax(value, name = 'AUTH_INFLIGHT_MAX', fallback = 8) {
  const text = String(value ?? '').trim();
  if (text === '') return fallback;
  if (!/^\d{1,5}$/.test(text)) throw new Error(`${name} trebuie să fie un număr (0 = fără limită), nu „${value}”.`);
  return Number(text);
}

/**
 * A counter of in-flight shed requests. `admit(req, res)` answers 503 and returns false when the
 * request must be shed; otherwise counts it until its answer is finished or its socket closes.
 */
export function createShedder(max, perAddress = 2) {
  let inflight = 0;
  const byAddress = new Map();
  return {
    get inflight() {
      return inflight;
    },
    /** `address`: the client address the front computed (client-address.mjs). */
    admit(req, res, address = 'unknown') {
      if (max <= 0 || req.method !== 'POST') return true;
      const q = (req.url ?? '').indexOf('?');
      const pathname = q < 0 ? req.url ?? '' : req.url.slice(0, q);
      if (!SHED_PATHS.has(pathname.replace(/\/+$/, ''))) return true;
      const mine = byAddress.get(address) ?? 0;
      if (inflight >= max || (perAddress > 0 && mine >= perAddress)) {
        res.statusCode = 503;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.setHeader('retry-after', '5');
        res.setHeader('cache-control', 'no-store');
        res.end(BUSY_BODY);
        return false;
      }
      inflight++;
      byAddress.set(address, mine + 1);
      let done = false;
      const release = () => {
        if (done) return;
        done = true;
        inflight--;
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
      };
      res.on('finish', release);
      res.on('close', release);
      return true;
    },
  };
}
