import 'server-only';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { convert } from 'html-to-text';
import { DESIGN_MESSAGES, MJML_MAX_CHARS, readDesign } from '@/lib/templates/design';
import { applyMergeFields, escapeHtml, type MergeValues } from '@/lib/templates/merge';
import { AppError } from '@/server/kernel/errors';
import { LruCache } from '@/server/kernel/lru';
import { sanitizeEmailHtml } from './sanitize';

export type { MergeValues } from '@/lib/templates/merge';

type RenderedDesign = { html: string; text: string };

// A campaign renders the same design once per recipient: MJML and the sanitiser run once per
// design (keyed by its hash), only the merge fields are replaced per recipient. Bounded by the
// characters it holds too (decision 124): 50 outputs of large designs came to 150 MB of heap.
const RENDER_CACHE_MAX_CHARS = 8 * 1024 * 1024;
const cache = new LruCache<RenderedDesign>(50, 10 * 60 * 1000, { maxSize: RENDER_CACHE_MAX_CHARS, sizeOf: (r) => r.html.length + r.text.length });

const EMPTY_MJML = '<mjml><mj-body></mj-body></mjml>';

// MJML runs in one worker thread with its own heap bound (mjml-worker.mjs, decision 125), made when
// first needed and again after it ends; it keeps the process alive only while it has work.
let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (html: string) => void; reject: (e: Error) => void }>();

function mjmlWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(path.join(process.cwd(), 'server/templates/mjml-worker.mjs'), { resourceLimits: { maxOldGenerationSizeMb: MJML_WORKER_HEAP_MB } });
  const fail = (e: Error) => {
    if (worker === w) worker = null;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  w.on('message', ({ id, html, error }: { id: number; html?: string; error?: string }) => {
    const p = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) w.unref();
    if (error !== undefined || html === undefined) p?.reject(new Error(error ?? 'MJML'));
    else p?.resolve(html);
  });
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`MJML worker ended (${code})`)));
  return (worker = w);
}
/** The worker's old generation: 4 times what a design at the bound needs. */
const MJML_WORKER_HEAP_MB = 256;

function renderMjml(source: string): Promise<string> {
  const w = mjmlWorker();
  const id = nextId++;
  w.ref();
  return new Promise<string>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, source });
  });
}

async function renderDesign(content: string): Promise<RenderedDesign> {
  const key = createHash('sha256').update(content).digest('base64url');
  const hit = cache.get(key);
  if (hit) return hit;

  const design = readDesign(content);
  const source = design?.mjml.trim() ? design.mjml : EMPTY_MJML;
  // A design stored before the bound: refused rather than rendered (its author sees why on sending).
  if (source.length > MJML_MAX_CHARS) throw new AppError('PAYLOAD_TOO_LARGE', DESIGN_MESSAGES.mjmlTooLarge);
  const html = sanitizeEmailHtml(await renderMjml(source));
  const text = convert(html, {
    wordwrap: 100,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
    ],
  }).trim();
  const rendered = { html, text };
  cache.set(key, rendered);
  return rendered;
}

/**
 * Renders a saved design (a template's or a draft's Content) for one recipient: email HTML
 * (MJML output, sanitised: no script, event handler or javascript: URL survives) with the merge
 * fields replaced by HTML-escaped values, and the plain-text part with the raw values.
 * An empty or unreadable Content renders an empty message rather than failing a whole campaign.
 */
export async function renderCampaign(content: string, values: MergeValues): Promise<{ html: string; text: string }> {
  const rendered = await renderDesign(content);
  return {
    html: applyMergeFields(rendered.html, values, escapeHtml),
    text: applyMergeFields(rendered.text, values, (v) => v),
  };
}
