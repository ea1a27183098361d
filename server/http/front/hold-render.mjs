// A miss that the front lets Next render in place, held until Next has finished it, then sealed and
// kept by the page cache (decision 082). Its own module so a test can drive it with a fake render.
import { gunzipSync } from 'node:zlib';

/** A page larger than this is served but not kept. */
const MAX_KEPT_BYTES = 4 * 1024 * 1024;

/** Accept-Encoding lists gzip (or *) without q=0. */
export function acceptsGzip(header) {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * A miss that Next renders in place (decision 082). The whole answer is held here until Next ends
 * it: a page that a cache may share must not carry a per-response nonce (issue 45), so the front
 * render has none, and its policy is made from the finished HTML (the hashes of its scripts,
 * `seal` in the page cache). A 200 is then kept under the version read before the render and sent
 * exactly as a later HIT will be (the same bytes, the same policy); another HTML answer (the 404
 * page) is sealed the same way and not kept; anything else is written as Next wrote it.
 */
export function holdWhatNextWrites(req, res, api, plan) {
  const chunks = [];
  /** Given to writeHead; a render that only sets res.statusCode never calls it (the end says). */
  let status = null;
  let ended = false;
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  const collect = (chunk, encoding) => {
    if (chunk == null || typeof chunk === 'function') return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8') : Buffer.from(chunk));
  };
  res.writeHead = function (code, ...rest) {
    status = code;
    const headers = typeof rest[0] === 'string' ? rest[1] : rest[0];
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) this.setHeader(headers[i], headers[i + 1]);
    else if (headers && typeof headers === 'object') for (const [k, v] of Object.entries(headers)) this.setHeader(k, v);
    return this;
  };
  res.write = function (chunk, encoding, cb) {
    collect(chunk, encoding);
    if (typeof encoding === 'function') encoding();
    else if (typeof cb === 'function') cb();
    return true;
  };
  res.end = function (chunk, encoding, cb) {
    if (ended) return this;
    ended = true;
    collect(chunk, encoding);
    const done = typeof chunk === 'function' ? chunk : typeof encoding === 'function' ? encoding : cb;
    status ??= res.statusCode;
    const body = Buffer.concat(chunks);
    const type = String(res.getHeader('content-type') ?? '');
    const coding = String(res.getHeader('content-encoding') ?? 'identity').toLowerCase();
    const restore = () => {
      res.writeHead = writeHead;
      res.write = write;
      res.end = end;
    };
    const passOn = () => {
      restore();
      res.statusCode = status;
      end.call(res, body.length ? body : undefined, done);
    };
    if (!type.startsWith('text/html') || (coding !== 'gzip' && coding !== 'identity') || req.method === 'HEAD' || body.length === 0) {
      passOn();
      return this;
    }
    api
      .seal(body, coding)
      .then(async (sealed) => {
        if (status === 200 && body.length <= MAX_KEPT_BYTES) {
          await api.keep(plan, sealed);
          for (const [k, v] of Object.entries(plan.headers)) res.setHeader(k, v);
        }
        restore();
        res.statusCode = status;
        res.setHeader('content-security-policy', sealed.csp);
        // Next's Link header names the render's preloads (with its nonce, were there one): a HIT has
        // none, and the MISS is sent as the HIT will be.
        res.removeHeader('link');
        const out = acceptsGzip(req.headers['accept-encoding']) ? sealed.gzipped : gunzipSync(sealed.gzipped);
        if (out === sealed.gzipped) res.setHeader('content-encoding', 'gzip');
        else res.removeHeader('content-encoding');
        res.removeHeader('transfer-encoding');
        res.setHeader('content-length', String(out.length));
        end.call(res, out, done);
      })
      .catch((e) => {
        console.error('[serve] page not sealed:', e instanceof Error ? e.message : e);
        // Never a nonce-less page under a policy that no longer fits it: the locked-down one.
        res.setHeader('content-security-policy', api.securityHeaders(req.url ?? '/')['content-security-policy']);
        passOn();
      });
    return this;
  };
}

