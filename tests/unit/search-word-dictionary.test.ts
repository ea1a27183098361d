// The search index's own word dictionary (index-source.ts, decision 094): a typed word finds the
// ids of exactly the distinct words that contain it, as the engine's `contains(token, word)` did.
import { buildWordDictionary, findWordIds, headKey, headKeyOf } from '@/server/search/index-source';

const words = ['construct', 'constructii', 's.r.l.', 'srl', 'con', 'mecon', 'ș.a.', 'impex', 'c', 'ab'];
const d = buildWordDictionary(words);
const brute = (word: string, withoutDots: boolean) => words.flatMap((w, id) => ((withoutDots ? w.replaceAll('.', '') : w).includes(word) ? [id] : []));

test.each([
  ['con', false],
  ['struct', false],
  ['ii', false],
  ['srl', false],
  ['srl', true],
  ['s.r', false],
  ['ș', false],
  ['ab', false],
  ['c', false],
  ['x', false],
  ['constructiii', false],
  ['l.', true],
] as const)('%s (without dots: %s) gives the words that contain it', (word, withoutDots) => {
  expect(findWordIds(d, word, withoutDots)).toEqual(brute(word, withoutDots));
});

test('a hit is never counted across two words, and each word once however often it holds the text', () => {
  const two = buildWordDictionary(['ab', 'ca', 'aaaa']);
  // 'bc' spans the end of 'ab' and the start of 'ca' only if the separator were not there.
  expect(findWordIds(two, 'bc', false)).toEqual([]);
  expect(findWordIds(two, 'a', false)).toEqual([0, 1, 2]);
  expect(findWordIds(two, 'aa', false)).toEqual([2]);
  expect(findWordIds(two, '', false)).toEqual([]);
  expect(findWordIds(two, 'a\nc', false)).toEqual([]);
});

test('the head key of a name is its first 4 UTF-8 bytes, however the name is written', () => {
  const enc = (s: string) => headKey(new TextEncoder().encode(s));
  for (const name of ['abcdef', 'ab', 'ăbc', 'жж serv', 'abc😀x', 'a', '😀😀']) expect(headKeyOf(name)).toBe(enc(name));
  expect(headKeyOf('ab')).toBe(0x61620000);
});
