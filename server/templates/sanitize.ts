import 'server-only';
import sanitizeHtml from 'sanitize-html';
import { markUrlPlaceholders, removePlaceholders } from '@/lib/templates/merge';

// Email HTML as MJML produces it, reduced to an allowlist: whatever a design holds (mj-raw,
// attributes typed in the editor), nothing that runs survives: no script, no event handler, no
// javascript: URL, no external stylesheet, no form. Outlook's conditional comments are dropped
// with every other comment: the mobile-first layout still reads well there, and a comment is a
// place where markup could hide from the allowlist.

const ALLOWED_TAGS = [
  'html', 'head', 'body', 'title', 'meta', 'style',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'colgroup', 'col',
  'div', 'span', 'p', 'a', 'img', 'br', 'hr', 'center', 'font',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'sup', 'sub', 'small', 'big', 'mark',
  'ul', 'ol', 'li', 'blockquote', 'pre', 'code',
];

const COMMON_ATTRIBUTES = [
  'style', 'class', 'id', 'align', 'valign', 'width', 'height', 'bgcolor', 'background',
  'border', 'cellpadding', 'cellspacing', 'role', 'dir', 'lang', 'title', 'colspan', 'rowspan',
  'color', 'face', 'size', 'aria-hidden', 'aria-label',
];

// CSS that can run code in old clients.
// An @import fetches a stylesheet from elsewhere when the message is opened (MJML's web fonts
// use it; the font stacks fall back to system fonts).
const UNSAFE_CSS = /expression\s*\(|(java|vb)script\s*:|behavior\s*:|-moz-binding|@import[^;]*;?/gi;

// Merge fields have no place in CSS: a recipient's value there could add rules or fetch an image.
function cleanCss(css: string): string {
  return removePlaceholders(css).replace(UNSAFE_CSS, '');
}

// Attributes holding an address: their merge fields are percent-encoded when filled in.
const URL_ATTRIBUTES = ['href', 'src', 'background', 'cite'] as const;

// The sanitiser passes a <style> element's text through untouched, so it is cleaned first.
const STYLE_BLOCK = /(<style\b[^>]*>)([\s\S]*?)(<\/style\s*>)/gi;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': COMMON_ATTRIBUTES,
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt', 'width', 'height'],
    meta: ['charset', 'name', 'content', 'http-equiv'],
    html: ['xmlns', 'xmlns:v', 'xmlns:o'],
    style: ['type', 'media'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'cid', 'data'] },
  allowedSchemesAppliedToAttributes: [...URL_ATTRIBUTES],
  allowProtocolRelative: false,
  // <style> is needed: MJML's responsive rules live in media queries. Its text is kept (not
  // dropped as "non-text"), and cleaned below.
  allowVulnerableTags: true,
  exclusiveFilter: (frame) =>
    (frame.tag === 'meta' && Object.keys(frame.attribs).length === 0) ||
    (frame.tag === 'style' && frame.text.trim() === ''),
  nonTextTags: ['script', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    '*': (tagName, attribs) => {
      const next = { ...attribs };
      if (next.style !== undefined) next.style = cleanCss(next.style);
      for (const name of URL_ATTRIBUTES) if (next[name] !== undefined) next[name] = markUrlPlaceholders(next[name]);
      // A refresh meta tag would navigate the reader elsewhere.
      if (tagName === 'meta' && next['http-equiv'] && !/^content-type$/i.test(next['http-equiv'])) {
        delete next['http-equiv'];
        delete next.content;
      }
      if (tagName === 'img' && next.src && /^data:/i.test(next.src) && !/^data:image\/(png|gif|jpe?g|webp);/i.test(next.src)) {
        delete next.src;
      }
      // Links pass no opener to the page they open.
      if (tagName === 'a' && next.href) next.rel = 'noopener noreferrer';
      return { tagName, attribs: next };
    },
  },
};

/** The document's HTML reduced to the allowlist, with the doctype put back. */
export function sanitizeEmailHtml(html: string): string {
  const styled = html.replace(STYLE_BLOCK, (_m, open: string, css: string, close: string) => open + cleanCss(css) + close);
  const clean = sanitizeHtml(styled, OPTIONS);
  return `<!doctype html>\n${clean.trim()}`;
}
