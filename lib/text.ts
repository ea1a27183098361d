// Text helpers shared by server and client: search normalisation, truncation and the
// truncation lengths the spec fixes for each screen.

/** The spec's "Something went wrong!" toast, in Romanian like the rest of the interface (docs/decisions/005). */
export const FAILED_TEXT = 'Ceva nu a funcționat!';

// Letters that Unicode does not decompose into base + combining mark, and typographic
// punctuation, folded the way PostgreSQL's unaccent.rules folds them, so a string
// normalised here equals lower(unaccent(x)) in the database (after space collapsing).
const NON_DECOMPOSABLE: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  þ: 'th',
  Þ: 'TH',
  ð: 'd',
  Ð: 'D',
  '„': '"',
  '“': '"',
  '”': '"',
  '«': '<<',
  '»': '>>',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '–': '-',
  '—': '-',
  '…': '...',
  '\u00a0': ' ',
};
const NON_DECOMPOSABLE_RE = new RegExp(`[${Object.keys(NON_DECOMPOSABLE).join('')}]`, 'g');
const COMBINING_MARKS_RE = /\p{Mn}/gu;

/**
 * Removes diacritics without changing case. Folds both Romanian spellings: comma-below
 * ș ț (U+0219, U+021B) and the cedilla ş ţ (U+015F, U+0163) that official files still use;
 * both decompose to s/t + a combining mark, which is dropped.
 */
export function foldDiacritics(text: string): string {
  return text
    .replace(NON_DECOMPOSABLE_RE, (ch) => NON_DECOMPOSABLE[ch] ?? ch)
    .normalize('NFD')
    .replace(COMBINING_MARKS_RE, '')
    .normalize('NFC');
}

/** lower-case, diacritics stripped, whitespace collapsed and trimmed: the search key. */
export function normalizeSearchText(text: string | null | undefined): string {
  if (text == null) return '';
  return foldDiacritics(String(text).toLowerCase())
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const ELLIPSIS = '...';

/** Cuts to `max` characters (code points) and appends '...' when something was cut. */
export function cutText(text: string | null | undefined, max: number): string {
  if (text == null) return '';
  const chars = Array.from(String(text));
  if (chars.length <= max) return String(text);
  return chars.slice(0, Math.max(0, max)).join('').trimEnd() + ELLIPSIS;
}

/** Keeps the first `max` words and appends '...' when something was cut. */
export function cutWords(text: string | null | undefined, max: number): string {
  if (text == null) return '';
  const trimmed = String(text).trim();
  if (trimmed === '') return '';
  const words = trimmed.split(/\s+/);
  if (words.length <= max) return trimmed;
  return words.slice(0, Math.max(0, max)).join(' ') + ELLIPSIS;
}

/** Character cuts fixed by the spec. */
export const TEXT_CUTS = {
  /** last-searched chip on advanced search */
  chip: 40,
  /** CAEN label in the filter selection */
  caenLabel: 25,
  /** CAEN description in the ranking header */
  rankingHeaderCaen: 30,
  /** CAEN description in the companies-in-groups table */
  groupTableCaen: 70,
  /** EU project documentation link text (then '...') */
  euUrl: 17,
  /** user name in the admin contacts modal title */
  userName: 50,
} as const;

/** Word cuts of the product: tender titles and claim descriptions. */
export const WORD_CUTS = {
  tenderTitle: 10,
  tenderCompany: 4,
  tenderCpv: 4,
  claimName: 3,
  claimMessage: 5,
} as const;

// Connectors kept lower case inside display names and legal-form
// abbreviations kept upper case.
const LOWER_CONNECTORS = new Set(['de', 'din', 'pe', 'lui', 'la', 'cu', 'sub', 'si', 'in']);
const UPPER_WORDS = new Set(['srl', 'sa', 'pfa', 'ii', 'if', 'snc', 'scs', 'sca', 'ra', 'ong', 'srl-d', 'sc', 'cui', 'caen']);

/**
 * Romanian-aware title case for registry names stored in upper case:
 * 'MUNICIPIUL ALBA IULIA' -> 'Municipiul Alba Iulia', 'FABRICA DE PAINE SRL' -> 'Fabrica de Paine SRL'.
 */
export function titleCaseRo(text: string | null | undefined): string {
  if (text == null) return '';
  const words = String(text).trim().toLowerCase().split(/\s+/).filter(Boolean);
  return words
    .map((word, index) => {
      const bare = foldDiacritics(word).replace(/[^\p{L}-]/gu, '');
      if (UPPER_WORDS.has(bare)) return word.toUpperCase();
      // compared folded so the cedilla spelling 'şi' of official files matches too
      if (index > 0 && LOWER_CONNECTORS.has(bare)) return word;
      return word.replace(/(^|[-.(„"'])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
    })
    .join(' ');
}
