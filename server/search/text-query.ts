// How a typed search text is read, the same way by the type-ahead, the search and the index.
import 'server-only';
import { parseCuiQuery } from '@/lib/cui';
import { normalizeSearchText } from '@/lib/text';

/** Legal forms and their spelled-out names: checked on the rows the other words found, never by the trigram index ('srl' matches ~80 %; decision 005). */
export const COMMON_WORDS: ReadonlySet<string> = new Set([
  'srl', 'sa', 'pfa', 'ii', 'if', 'snc', 'scs', 'sca', 'ra', 'srld', 'ong',
  'persoana', 'fizica', 'autorizata', 'intreprindere', 'individuala', 'familiala', 'societate', 'societatea',
]);

/** 'SC' (societate comercială) is often typed before a name but is not part of registry names. */
export const IGNORED_WORDS: ReadonlySet<string> = new Set(['sc']);

/** pg_trgm's trigrams come from runs of letters and digits ('a_b' has none): the GIN index needs a run of 3. */
const hasTrigram = (word: string) => /[a-z0-9]{3}/.test(word);

export type TextQuery = {
  /** normalised text: lower case, no diacritics (both ș/ş spellings), spaces collapsed */
  norm: string;
  /** the normalised text without ignored words ('sc dedeman' → 'dedeman'), for "starts with" */
  prefix: string;
  /** CUI digits when the text is a CUI ('RO 123' → '123'), else null */
  cuiDigits: string | null;
  /** true when the text is only digits (without RO): names containing them are searched too */
  isPlainDigits: boolean;
  /** words that can use the trigram index (a run of ≥ 3 letters or digits, not a legal form) */
  indexWords: string[];
  /** words without such a run ('ab', 'a_b'), checked on the rows the index words found */
  filterWords: string[];
  /** legal-form words without punctuation ('s.r.l.' → 'srl'), checked against the name without dots */
  formWords: string[];
};

export function analyzeText(raw: string | null | undefined): TextQuery {
  const norm = normalizeSearchText(raw ?? '');
  const cuiDigits = parseCuiQuery(norm);
  const isPlainDigits = /^\d+$/.test(norm);
  const words = Array.from(new Set(norm.split(' ').filter(Boolean)));
  const indexWords: string[] = [];
  const filterWords: string[] = [];
  const formWords: string[] = [];
  const isIgnored = (w: string) => IGNORED_WORDS.has(w.replace(/[.\-]/g, ''));
  const isWord = (w: string) => w.replace(/[.\-]/g, '') !== '';
  // A text made only of ignored words ('sc', 's.c.') is read as typed: it is the start of a name
  // ('SC' → 'SCANIA'), and ignoring it would leave no condition at all.
  const ignoring = words.some((w) => isWord(w) && !isIgnored(w));
  const kept = norm.split(' ').filter((w) => w !== '' && !(ignoring && isIgnored(w)));
  for (const word of words) {
    const bare = word.replace(/[.\-]/g, '');
    if (bare === '' || (ignoring && isIgnored(word))) continue;
    if (COMMON_WORDS.has(bare)) formWords.push(bare);
    else if (!hasTrigram(word)) filterWords.push(word);
    else indexWords.push(word);
  }
  // Longest words first: the most selective trigram sets lead the index condition.
  indexWords.sort((a, b) => b.length - a.length);
  return { norm, prefix: kept.join(' '), cuiDigits, isPlainDigits, indexWords, filterWords, formWords };
}
