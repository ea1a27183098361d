import { foldDiacritics } from './text';

/**
 * Slug rule for company names in routes, exactly as documented: lower case, diacritics replaced
 * (Romanian ă â î ș ț in both comma and cedilla spellings, and any other Latin accent), runs of
 * non-word characters become one dash, and nothing more: a name ending in punctuation keeps its
 * dash, so a client applying the rule links the canonical address without a redirect.
 * 'STANCU PROD COM S.R.L.' -> 'stancu-prod-com-s-r-l-'. Surrounding spaces are not part of a
 * name. '_' is a word character (JS \w), so it is kept, as the rule says.
 */
export function slugify(text: string | null | undefined): string {
  if (text == null) return '';
  return foldDiacritics(String(text).trim().toLowerCase())
    .toLowerCase()
    .replace(/\W+/g, '-');
}

/**
 * Page title on the company details route: the slug turned into upper-case words
 * ('dedeman-srl' -> 'DEDEMAN SRL'). Registry names are stored in upper case, so the
 * title reads like the registered name (without its diacritics, which the slug lost).
 */
export function slugToTitle(slug: string | null | undefined): string {
  if (slug == null) return '';
  let text = String(slug);
  try {
    text = decodeURIComponent(text);
  } catch {
    // malformed escape: keep the raw segment
  }
  return text
    .split(/[-\s]+/)
    .filter(Boolean)
    .map((word) => word.toUpperCase())
    .join(' ');
}

// Used when a name slugs to nothing (e.g. only punctuation), so the route keeps its
// mandatory :companyName segment.
export const FALLBACK_COMPANY_SLUG = 'firma';

/** '/company-details/14399840/dante-international-sa' */
export function companyPath(cui: number | string, name: string | null | undefined): string {
  const slug = slugify(name) || FALLBACK_COMPANY_SLUG;
  return `/company-details/${encodeURIComponent(String(cui).trim())}/${slug}`;
}

/**
 * CAEN codes are 4-digit strings; the MF files drop the leading zero (111 = 0111),
 * so 1–3 digit codes are padded. Other values are returned trimmed.
 */
export function padCaenCode(code: string | number): string {
  const text = String(code).trim();
  return /^\d{1,3}$/.test(text) ? text.padStart(4, '0') : text;
}

/** '/Coduri-caen/0111' */
export function caenPath(code: string | number): string {
  return `/Coduri-caen/${encodeURIComponent(padCaenCode(code))}`;
}
