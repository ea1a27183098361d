// The API reference page (/api/docs, docs/decisions/069): Scalar's standalone renderer, served from
// node_modules by the app (no CDN), over the generated /api/openapi.json. The page has its own
// Content-Security-Policy (the proxy keeps an answer's own policy): scripts from this origin only
// (the renderer and a small start-up file, nothing inline), styles inline (the renderer sets
// them), fonts from here (its default fonts would come from its CDN: turned off), requests to this
// origin only ("Try it" calls the API here; its proxy on another host is refused).
import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { env } from '../env';

const RENDERER_FILE = path.join(process.cwd(), 'node_modules/@scalar/api-reference/dist/browser/standalone.js');

export const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const HTML = `<!doctype html>
<html lang="ro">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>RadarFirme API: documentație</title>
<meta name="description" content="Documentația API-ului RadarFirme (OpenAPI 3.1): firme, date financiare, CAEN, achiziții publice, proiecte europene.">
</head>
<body>
<main id="api-reference"><noscript>Documentația are nevoie de JavaScript; documentul OpenAPI este la <a href="/api/openapi.json">/api/openapi.json</a>.</noscript></main>
<script src="/api/docs/scalar.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.Scalar.createApiReference('#api-reference', {
  url: '/api/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  hideDarkModeToggle: false,
  metaData: { title: 'RadarFirme API' },
});
`;

const page = (body: string, type: string, extra: Record<string, string> = {}) =>
  new Response(body, { status: 200, headers: { 'content-type': type, 'content-security-policy': REFERENCE_CSP, ...extra } });

export const referencePage = () => page(HTML, 'text/html; charset=utf-8', { 'cache-control': 'no-cache' });
export const referenceInit = () => page(INIT, 'text/javascript; charset=utf-8', { 'cache-control': 'no-cache' });

let renderer: Promise<string> | null = null;
export async function referenceRenderer(): Promise<Response> {
  renderer ??= readFile(RENDERER_FILE, 'utf8');
  return page(await renderer, 'text/javascript; charset=utf-8', { 'cache-control': 'public, max-age=86400' });
}

let document: Record<string, unknown> | null = null;
/** The document is built once per process: the table does not change while it runs. */
export function openApiDocument(): Record<string, unknown> {
  document ??= buildOpenApiDocument(env.APP_URL.replace(/\/$/, ''));
  return document;
}
