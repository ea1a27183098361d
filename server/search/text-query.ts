// How a typed search text is read, the same way by the type-ahead, the search and the index.
import 'server-only';
import { parseCuiQuery } from '@/lib/cui';
import { normalizeSearchText } from '@/lib/text';

/** Legal forms: checked on the rows the other words found, never by the trigram index ('srl' matches ~80 %; decision 005). */
export const COMMON_WORDS: ReadonlySet<string> = new Set([
  'srl', 'sa', 'pfa', 'ii', 'if', 'snc', 'scs', 'sca', 'ra', 'srld', 'ong',
  'persoana', 'fizica', 'autorizata', 'intreprindere', 'individuala', 'familiala', 'societate', 'societatea',
]);

/** 'SC' is often typed before a name but is not part of registry names. */
export const IGNORED_WORDS: ReadonlySet<string> = new Set(['sc']);

/** pg_trgm's trigrams come from runs of letters and digits ('a_b' has none): the GIN index needs a run of 3. */
const hasTrigram = (word: string) => /[a-z0-9]{3}/.test(word);

export type TextQuery = {
  norm: string;
  /** without ignored words ('sc dedeman' → 'dedeman'), for "starts with" */
  prefix: string;
  /** 'RO 123' → '123'; null when not a CUI */
  cuiDigits: string | null;
  isPlainDigits: boolean;
  /** with a run of ≥ 3 letters or digits, not a legal form */
  indexWords: string[];
  /** without such a run ('ab', 'a_b'), checked on the rows the index words found */
  filterWords: string[];
  /** legal forms without dots ('s.r.l.' → 'srl'), checked against the name without dots */
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
  // A text of ignored words only ('sc', 's.c.') is read as typed: the start of a name ('SC' → 'SCANIA').
  const ignoring = words.some((w) => w.replace(/[.\-]/g, '') !== '' && !isIgnored(w));
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
