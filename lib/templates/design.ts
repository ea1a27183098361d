// The saved form of a visual-editor design (a template's or a draft's Content): JSON text with
// the editor's own project data (to reopen it unchanged) and the MJML the editor produced (what
// the server renders into email HTML). Shared by the editor page and the server checks.

const DESIGN_FORMAT = 'grapesjs-mjml';
const DESIGN_VERSION = 1;

/** Upper bound of a design's JSON text; images belong on the web, not inlined as data. */
export const DESIGN_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Upper bound of the MJML inside a design, the part the server renders (decision 124): MJML takes
 * about 100 MB of heap more per MB of source, and a 4.9 MB one exhausted the server's 320 MB heap.
 * 256 KB of MJML is already far past what a mail client shows whole (Gmail clips past 102 KB of HTML).
 */
export const MJML_MAX_CHARS = 256 * 1024;

type TemplateDesign = {
  format: typeof DESIGN_FORMAT;
  version: number;
  /** MJML source produced by the editor; rendered to HTML on the server. */
  mjml: string;
  /** The editor's project data (components, styles), opaque to the server. */
  project: unknown;
};

export const DESIGN_MESSAGES = {
  notJson: 'Designul email-ului nu este valid.',
  tooLarge: 'Designul email-ului este prea mare (maximum 5 MB).',
  mjmlTooLarge: 'Conținutul email-ului este prea lung (maximum 256 KB de MJML). Scurtați email-ul.',
  unsafe: 'Designul email-ului conține cod nepermis (scripturi sau atribute de evenimente).',
} as const;

type DesignCheck =
  | { ok: true; design: TemplateDesign | null }
  | { ok: false; message: string };

// Markup that would run in a mail client or in the browser of whoever opens the design.
const UNSAFE_PATTERNS: RegExp[] = [
  /<\s*\/?\s*(script|iframe|object|embed|applet|frame|frameset|base)\b/i,
  /<[^>]*\son[a-z]+\s*=/i, // an event handler attribute inside a tag
  /(java|vb)script\s*:/i,
  /data\s*:\s*text\/html/i,
  /expression\s*\(/i, // old IE CSS expressions
];

function isUnsafeString(value: string): boolean {
  return UNSAFE_PATTERNS.some((p) => p.test(value));
}

/** Walks the JSON value: every string, and every key (attribute names like `onclick`). */
function containsUnsafe(value: unknown, depth = 0): boolean {
  if (depth > 200) return true; // absurd nesting: refuse rather than recurse without end
  if (typeof value === 'string') return isUnsafeString(value);
  if (Array.isArray(value)) return value.some((v) => containsUnsafe(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.entries(value).some(
      ([k, v]) => /^on[a-z]+$/i.test(k) || isUnsafeString(k) || containsUnsafe(v, depth + 1),
    );
  }
  return false;
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * Checks a design before it is stored: '' (no design yet) passes; otherwise it must be JSON of
 * the editor's format, within the size limit, without scripts or event handlers anywhere.
 */
export function checkDesign(content: string): DesignCheck {
  if (content.trim() === '') return { ok: true, design: null };
  // A cheap length test first: a string of N UTF-16 units is at least N bytes.
  if (content.length > DESIGN_MAX_BYTES || byteLength(content) > DESIGN_MAX_BYTES) {
    return { ok: false, message: DESIGN_MESSAGES.tooLarge };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { ok: false, message: DESIGN_MESSAGES.notJson };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { ok: false, message: DESIGN_MESSAGES.notJson };
  }
  const design = parsed as Partial<TemplateDesign>;
  if (design.format !== DESIGN_FORMAT || typeof design.mjml !== 'string') {
    return { ok: false, message: DESIGN_MESSAGES.notJson };
  }
  if (design.mjml.length > MJML_MAX_CHARS) return { ok: false, message: DESIGN_MESSAGES.mjmlTooLarge };
  if (containsUnsafe(parsed)) return { ok: false, message: DESIGN_MESSAGES.unsafe };
  return {
    ok: true,
    design: {
      format: DESIGN_FORMAT,
      version: typeof design.version === 'number' ? design.version : DESIGN_VERSION,
      mjml: design.mjml,
      project: design.project ?? null,
    },
  };
}

/** Reads a stored design without the safety checks (the renderer sanitises its output anyway). */
export function readDesign(content: string): TemplateDesign | null {
  if (!content || content.trim() === '') return null;
  try {
    const parsed = JSON.parse(content) as Partial<TemplateDesign> | null;
    if (!parsed || typeof parsed !== 'object' || typeof parsed.mjml !== 'string') return null;
    return {
      format: DESIGN_FORMAT,
      version: typeof parsed.version === 'number' ? parsed.version : DESIGN_VERSION,
      mjml: parsed.mjml,
      project: parsed.project ?? null,
    };
  } catch {
    return null;
  }
}

export function serializeDesign(mjml: string, project: unknown): string {
  return JSON.stringify({ format: DESIGN_FORMAT, version: DESIGN_VERSION, mjml, project });
}
