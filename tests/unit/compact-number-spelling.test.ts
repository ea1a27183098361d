// A shortened amount ('8,81 mld.') is built once, by formatCompact in lib/format.ts: a card that
// wrote 'B' and an axis that wrote 'mld.' showed the same turnover in two languages. This test
// fails on a component, page or lib module that shortens a number itself (Intl's compact notation,
// a division by a thousand/million/billion, a unit suffix of its own) or writes a number with the
// machine's locale (toLocaleString, Intl.NumberFormat), and names the file and line.
import { findSpellings, listSourceFiles } from './source-files';

const COMPACT_SPELLINGS = [
  /notation\s*:\s*['"]compact['"]/,
  /compactDisplay/,
  // a division into thousands, millions, billions
  /\/\s*(1e3|1e6|1e9|1e12|1_?000|1_?000_?000|1_?000_?000_?000)\b/,
  // a unit suffix written next to a number: `${x}K`, x + 'M', ' mld.', 'mil.'
  /\}\s*[KMBT]`/,
  /\+\s*['"`]\s*[KMBT]['"`]/,
  /['"`]\s*(mld\.|mil\.|mii)\s*['"`]/,
  /\[\s*1e(3|6|9|12)\s*,\s*['"`]/,
  // the machine's locale instead of lib/format.ts: small-icu Node and a browser may differ, and
  // React hydration breaks on the difference
  /\.toLocaleString\(/,
  /Intl\.NumberFormat/,
];

describe('a compact or localized number is built only by lib/format.ts', () => {
  const files = listSourceFiles(['app', 'components', 'lib']);

  it('reads the tree', () => {
    expect(files).toEqual(expect.arrayContaining(['lib/format.ts', 'components/company/company-card.tsx']));
  });

  it('finds the units in lib/format.ts itself (the patterns can match)', () => {
    expect(findSpellings(['lib/format.ts'], COMPACT_SPELLINGS).length).toBeGreaterThan(0);
  });

  it('has no compact number built outside lib/format.ts', () => {
    expect(findSpellings(files.filter((f) => f !== 'lib/format.ts'), COMPACT_SPELLINGS)).toEqual([]);
  });
});
