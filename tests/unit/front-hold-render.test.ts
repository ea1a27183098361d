/** @jest-environment node */
// The front's hold of a cacheable miss (server/http/front/hold-render.mjs, decision 082), driven by
// a fake render written the ways Next writes (writeHead then chunks, implicit headers, gzip): the
// HTML is sealed and sent exactly as a HIT will be, a 200 is kept, a 404 page is sealed but not
// kept, and a redirect passes untouched.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { holdWhatNextWrites } from '@/server/http/front/hold-render.mjs';
import type { FrontRenderPlan, SealedPage } from '@/server/kernel/front-bridge.mjs';

type Render = (res: http.ServerResponse) => void;

const plan: FrontRenderPlan = {
  key: '/company-details/1/x',
  marker: 'token',
  tag: '1.0',
  etag: 'W/"b-1.0-h"',
  lastModified: new Date(0),
  headers: { etag: 'W/"b-1.0-h"', 'cache-control': 'public, max-age=0, s-maxage=60', 'x-page-cache': 'MISS' },
};

async function serve(render: Render, headers: Record<string, string> = { 'accept-encoding': 'gzip' }, method = 'GET') {
  const sealed: string[] = [];
  const kept: SealedPage[] = [];
  const api = {
    async seal(body: Buffer, encoding: 'gzip' | 'identity'): Promise<SealedPage> {
      const html = (encoding === 'gzip' ? gunzipSync(body) : body).toString();
      sealed.push(html);
      return { gzipped: gzipSync(html.replace(/ nonce="[^"]*"/g, '')), csp: "script-src 'sha256-x' 'strict-dynamic'" };
    },
    async keep(_plan: FrontRenderPlan, page: SealedPage) {
      kept.push(page);
    },
    securityHeaders: () => ({ 'content-security-policy': "default-src 'none'" }),
  };
  const server = http.createServer((req, res) => {
    holdWhatNextWrites(req, res, api, plan);
    render(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request({ port, host: '127.0.0.1', path: plan.key, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
    return { ...answer, sealed, kept };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const PAGE = '<html><head><script nonce="abc">a()</script></head><body>Firmă</body></html>';

test('a 200 page written in chunks is sealed, kept, and sent gzipped with the MISS headers', async () => {
  const r = await serve((res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('content-security-policy', "script-src 'nonce-abc'");
    res.setHeader('link', '</a.css>; rel=preload; as="style"; nonce="abc"');
    res.writeHead(200, { 'x-from-next': '1' });
    res.write(PAGE.slice(0, 20));
    res.end(PAGE.slice(20));
  });
  expect(r.status).toBe(200);
  expect(r.sealed).toEqual([PAGE]);
  expect(r.kept).toHaveLength(1);
  expect(r.headers['content-security-policy']).toBe("script-src 'sha256-x' 'strict-dynamic'");
  expect(r.headers['content-encoding']).toBe('gzip');
  expect(r.headers['x-page-cache']).toBe('MISS');
  expect(r.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
  expect(r.headers['x-from-next']).toBe('1');
  expect(r.headers.link).toBeUndefined();
  expect(Number(r.headers['content-length'])).toBe(r.body.length);
  expect(r.body.equals(r.kept[0].gzipped)).toBe(true);
  expect(gunzipSync(r.body).toString()).toBe(PAGE.replace(' nonce="abc"', ''));
});

test('a gzipped render (Next compressed it) is read as gzip; a client without gzip gets plain HTML', async () => {
  const r = await serve(
    (res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('content-encoding', 'gzip');
      res.end(gzipSync(PAGE));
    },
    { 'accept-encoding': 'identity' },
  );
  expect(r.sealed).toEqual([PAGE]);
  expect(r.headers['content-encoding']).toBeUndefined();
  expect(r.body.toString()).toBe(PAGE.replace(' nonce="abc"', ''));
});

test('a 404 page is sealed but not kept; a redirect passes as Next wrote it', async () => {
  const missing = await serve((res) => {
    res.statusCode = 404;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(PAGE);
  });
  expect([missing.status, missing.sealed.length, missing.kept.length]).toEqual([404, 1, 0]);
  expect(missing.headers['content-security-policy']).toBe("script-src 'sha256-x' 'strict-dynamic'");
  expect(missing.headers['x-page-cache']).toBeUndefined();

  const moved = await serve((res) => {
    res.writeHead(301, { location: '/company-details/1/firma' });
    res.end();
  });
  expect([moved.status, moved.headers.location, moved.sealed.length, moved.kept.length]).toEqual([301, '/company-details/1/firma', 0, 0]);
});
