// Walking the lines of a long text without splitting it: the same lines as split(), and the
// same blank test as trim().
import fc from 'fast-check';
import { eachLine, isBlank } from '@/lib/shared/lines';

const linesOf = (text: string) => {
  const out: string[] = [];
  eachLine(text, (start, end) => (out.push(text.slice(start, end)), true));
  return out;
};

test('eachLine gives the lines split() gives, for \\r\\n, \\n and \\r', () => {
  expect(linesOf('a\r\nb\nc\rd')).toEqual(['a', 'b', 'c', 'd']);
  expect(linesOf('a\n')).toEqual(['a', '']);
  expect(linesOf('')).toEqual(['']);
  expect(linesOf('\r\n\r\n')).toEqual(['', '', '']);
  fc.assert(
    fc.property(fc.array(fc.constantFrom('a', ' ', '\t', '\n', '\r', '\r\n', '\u00a0', 'ș')).map((p) => p.join('')), (text) => {
      expect(linesOf(text)).toEqual(text.split(/\r\n|\n|\r/));
    }),
  );
});

test('eachLine stops when the visitor says so', () => {
  const seen: number[] = [];
  eachLine('a\nb\nc', (_s, _e, i) => (seen.push(i), i < 1));
  expect(seen).toEqual([0, 1]);
});

test('isBlank agrees with trim()', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(' ', '\t', '\u00a0', '\ufeff', '\u2003', '\u3000', 'x', '\u0001', '\u0085')).map((p) => p.join('')), (text) => {
      expect(isBlank(text, 0, text.length)).toBe(text.trim() === '');
    }),
  );
});
