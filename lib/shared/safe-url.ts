// Links written by people (a company's social links and website) and links of imported records
// end up in `href`s of public pages: only web addresses are stored and rendered (issue 23). A
// `javascript:` or `data:` address would run in the visitor's page when clicked.

/** The message of a link field that is not a web address. */
export const WEB_URL_MESSAGE = 'Linkul trebuie să fie o adresă web care începe cu http:// sau https://.';

const WEB_PROTOCOLS = new Set(['http:', 'https:']);

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * True for an absolute http(s) address with a host. The browser's own URL parser decides (it drops
 * tabs and line breaks and ignores letter case, as a browser does with an href), so what passes here
 * is what a click would open.
 */
export function isWebUrl(value: string | null | undefined): boolean {
  const text = String(value ?? '').trim();
  const url = text ? parse(text) : null;
  return !!url && WEB_PROTOCOLS.has(url.protocol) && url.hostname !== '';
}

/**
 * The href to render for a stored address, or null when it must be shown as text only (a link
 * stored before the rule, or written by another tool). `mailto: true` also lets a mailto: address
 * through, where an e-mail address is meant.
 */
export function safeHref(value: string | null | undefined, options: { mailto?: boolean } = {}): string | null {
  const text = String(value ?? '').trim();
  if (!text) return null;
  if (isWebUrl(text)) return parse(text)!.href;
  if (options.mailto) {
    const url = parse(text);
    if (url && url.protocol === 'mailto:' && url.pathname !== '') return url.href;
  }
  return null;
}
