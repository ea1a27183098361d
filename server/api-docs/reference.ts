// The API reference page (/api/docs, docs/decisions/069): Scalar's standalone renderer, served from
// node_modules by the app (no CDN), over the generated /api/openapi.json. The page has its own
// Content-Security-Policy (API_DOCS_CSP, set by the proxy): scripts from this origin only
// (the renderer and a small start-up file, nothing inline), styles inline (the renderer sets
// them), fonts from here (its default fonts would come from its CDN: turned off), requests to this
// origin only ("Try it" calls the API here; its proxy on another host is refused).
import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { env } from '../kernel/env';
import { API_DOCS_CSP } from '@/lib/security/headers';
import { SCALAR_RO_TRANSLATIONS } from './scalar-ro';

const RENDERER_FILE = path.join(process.cwd(), 'node_modules/@scalar/api-reference/dist/browser/standalone.js');

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

// The renderer's muted greys and method colours fall below 4.5:1 on white (axe, WCAG 1.4.3): the
// light theme is the only one, with darker shades of the same hues; the vendor's cloud tools
// (developer toolbar, "Generate SDK", MCP) are off.
const CONTRAST_CSS = `.light-mode, .light-mode .sidebar {
  --scalar-color-1: #111827; --scalar-color-2: #374151; --scalar-color-3: #4b5563;
  --scalar-color-green: #047857; --scalar-color-blue: #1d4ed8; --scalar-color-orange: #b45309;
  --scalar-color-red: #b91c1c; --scalar-color-purple: #6d28d9; --scalar-color-yellow: #854d0e;
  --scalar-color-accent: #1d4ed8; --scalar-sidebar-color-2: #374151;
}`;

const INIT = `window.Scalar.createApiReference('#api-reference', ${JSON.stringify({
  url: '/api/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  hideDarkModeToggle: true,
  forceDarkModeState: 'light',
  showDeveloperTools: 'never',
  showToolbar: 'never',
  hideClientButton: true,
  mcp: { disabled: true },
  customCss: CONTRAST_CSS,
  metaData: { title: 'RadarFirme API' },
  // No Romanian pack ships with Scalar: 'ro' falls back to English, overridden label by label.
  localization: { locale: 'ro', translations: SCALAR_RO_TRANSLATIONS },
})});
`;

const page = (body: string, type: string, extra: Record<string, string> = {}) =>
  new Response(body, { status: 200, headers: { 'content-type': type, 'content-security-policy': API_DOCS_CSP, ...extra } });

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
