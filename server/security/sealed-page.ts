// A page that a cache may share gets a policy without a nonce (issue 45, decision 082). A nonce is
// a secret of one response: a cached page (the front's HIT, a CDN's copy) would repeat the same one
// to every visitor, making it a public constant. The policy of such a page is made from its
// finished HTML instead:
// - every inline script is allowed by its SHA-256 hash (Next's RSC payload, its start-up code);
// - the external scripts Next writes (`<script src="/_next/static/…" async>`) become one inline
//   loader, itself allowed by its hash, that inserts them; 'strict-dynamic' lets a trusted script
//   load further scripts, so they and the chunks Next loads later run, and nothing else does.
//   (A hash can allow an external script only through its integrity attribute, which Next does not
//   write for Turbopack chunks, and which some browsers do not match against a hash source.)
// Injected markup cannot run: it matches no hash, and a script tag in the HTML is not inserted by a
// trusted script. A per-request render (everything not cached) keeps its fresh nonce (decision 033).
import 'server-only';
import { createHash } from 'node:crypto';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
/** Script types a browser does not run (data blocks such as JSON-LD): no hash needed. */
const DATA_TYPE = /^(application\/(ld\+)?json|text\/plain)$/i;

/** A tag outside the scripts that may carry a nonce (a stylesheet, a preload, a style element). */
const MARKUP_TAG = /<(link|style|meta)\b[^>]*>/gi;
const NONCE_ATTRIBUTE = /\snonce=(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;

/**
 * Outside the scripts: no nonce attribute, and no preload of a script. A preload is not a script
 * a trusted script inserted, so 'strict-dynamic' refuses it (a violation in every visitor's
 * console); the loader fetches the same files at once, and Next's runtime the rest.
 */
function cleanMarkup(text: string): string {
  return text.replace(MARKUP_TAG, (tag) => {
    const attributes = new Map(attributesOf(tag.slice(tag.indexOf(' ') + 1, -1).replace(/\/$/, '')));
    const rel = (attributes.get('rel') ?? '').toLowerCase();
    if (rel === 'modulepreload' || (rel === 'preload' && (attributes.get('as') ?? '').toLowerCase() === 'script')) return '';
    return tag.replace(NONCE_ATTRIBUTE, '');
  });
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function attributesOf(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const m of text.matchAll(ATTRIBUTE)) out.push([m[1].toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '']);
  return out;
}

const unescapeAttribute = (v: string) => v.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/**
 * The loader of the external scripts, in document order: each becomes a script element with the
 * same attributes (src, async, noModule, crossorigin…), inserted where the first one stood.
 * `</` is escaped in the JSON so the text cannot end the script element.
 */
function loaderOf(scripts: [string, string][][]): string {
  const list = JSON.stringify(scripts).replace(/<\//g, '<\\/');
  return `(function(l,d,c){l.forEach(function(a){var s=d.createElement("script");a.forEach(function(p){s.setAttribute(p[0],p[1])});c.parentNode.insertBefore(s,c)})})(${list},document,document.currentScript)`;
}

export type SealedHtml = { html: string; scriptHashes: string[] };

/**
 * The page without nonces or script preloads, its external scripts turned into one loader, and the
 * hash of every inline script it runs (the loader's included).
 */
export function sealHtml(input: string): SealedHtml {
  const external: [string, string][][] = [];
  let firstExternal = -1;
  const parts: string[] = [];
  let last = 0;
  for (const m of input.matchAll(SCRIPT)) {
    const attributes = attributesOf(m[1]).filter(([name]) => name !== 'nonce');
    const src = attributes.find(([name]) => name === 'src');
    parts.push(cleanMarkup(input.slice(last, m.index)));
    last = m.index + m[0].length;
    if (src && m[2].trim() === '') {
      if (firstExternal < 0) firstExternal = parts.length;
      external.push(attributes.map(([name, value]) => [name, unescapeAttribute(value)]));
      parts.push('');
      continue;
    }
    const kept = attributes.map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${value}"`)).join('');
    parts.push(`<script${kept}>${m[2]}</script>`);
  }
  parts.push(cleanMarkup(input.slice(last)));
  const hashes = new Set<string>();
  for (const m of parts.join('').matchAll(SCRIPT)) {
    const type = attributesOf(m[1]).find(([name]) => name === 'type')?.[1] ?? '';
    if (!DATA_TYPE.test(type.trim())) hashes.add(sha256(m[2]));
  }
  if (external.length) {
    const loader = loaderOf(external);
    parts[firstExternal] = `<script>${loader}</script>`;
    hashes.add(sha256(loader));
  }
  return { html: parts.join(''), scriptHashes: [...hashes] };
}
