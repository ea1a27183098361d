// The counts the prospecting screens write go through pluralRo and formatNumber (lib/search-count.ts,
// lib/format.ts): the same Romanian "de" rule and separators as the search page.
import { addedMessage } from '@/lib/prospecting/client';

test('the answer of an addition to a group, in Romanian', () => {
  expect(addedMessage({ Added: 1, AlreadyInGroup: 0, Capped: false } as never)).toBe('1 companie adăugată în grup.');
  expect(addedMessage({ Added: 4, AlreadyInGroup: 1, Capped: false } as never)).toBe('4 companii adăugate în grup; 1 era deja acolo.');
  expect(addedMessage({ Added: 1234, AlreadyInGroup: 20, Capped: true } as never)).toBe(
    '1.234 de companii adăugate în grup; 20 erau deja acolo; lista a fost oprită la limita unei adăugări.',
  );
  expect(addedMessage({ Added: 101, AlreadyInGroup: 0, Capped: false } as never)).toBe('101 companii adăugate în grup.');
});
