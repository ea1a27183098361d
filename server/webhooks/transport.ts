// One HTTP POST of a webhook (issue 50, docs/decisions/096): to the address resolveTarget checked
// (the request's `lookup` answers that address and nothing else, so the socket cannot go where
// the check did not look; TLS still verifies the certificate against the URL's host name), with
// short timeouts, no redirects followed (a 3xx is a failure: a redirect could point inside), and
// at most RESPONSE_MAX bytes of the answer read.
import 'server-only';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedTarget } from './address';

const RESPONSE_MAX = 4096;
const SEND_TIMEOUT_MS = 10_000;

export type SendResult = { status: number | null; error: string | null; excerpt: string | null; durationMs: number };

export function postToTarget(target: ResolvedTarget, body: string, headers: Record<string, string>, timeoutMs = SEND_TIMEOUT_MS): Promise<SendResult> {
  const started = performance.now();
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options?.all) (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: Math.round(performance.now() - started) });
    };
    const req = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: { 'content-type': 'application/json', 'user-agent': 'RadarFirme-Webhooks/1.0', 'content-length': String(Buffer.byteLength(body)), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size >= RESPONSE_MAX) return;
          chunks.push(chunk);
          size += chunk.length;
          // Enough read for the log: the rest of a large answer is not waited for.
          if (size >= RESPONSE_MAX) {
            finish({ status: res.statusCode ?? null, error: null, excerpt: Buffer.concat(chunks).subarray(0, RESPONSE_MAX).toString('utf8') });
            res.destroy();
          }
        });
        res.on('end', () => finish({ status: res.statusCode ?? null, error: null, excerpt: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (e) => finish({ status: res.statusCode ?? null, error: e.message, excerpt: null }));
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, error: `fără răspuns în ${Math.round(timeoutMs / 1000)} s`, excerpt: null });
      req.destroy();
    }, timeoutMs);
    req.on('error', (e) => finish({ status: null, error: e.message || String(e), excerpt: null }));
    req.end(body);
  });
}

export const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;
