import 'server-only';
import { createHash } from 'node:crypto';
import mjml2html from 'mjml';
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

async function renderDesign(content: string): Promise<RenderedDesign> {
  const key = createHash('sha256').update(content).digest('base64url');
  const hit = cache.get(key);
  if (hit) return hit;

  const design = readDesign(content);
  const source = design?.mjml.trim() ? design.mjml : EMPTY_MJML;
  // A design stored before the bound: refused rather than rendered (its author sees why on sending).
  if (source.length > MJML_MAX_CHARS) throw new AppError('PAYLOAD_TOO_LARGE', DESIGN_MESSAGES.mjmlTooLarge);
  // ignoreIncludes: an mj-include in a user's design must never read the server's files.
  const out = await mjml2html(source, { validationLevel: 'soft', keepComments: false, ignoreIncludes: true });
  const html = sanitizeEmailHtml(out.html);
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
