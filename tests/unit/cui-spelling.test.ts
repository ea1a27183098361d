// A CUI's shape (1 to 10 digits) is spelled once, in lib/cui.ts: a route, a query or a schema that
// writes its own /^\d{1,10}$/ is a copy waiting to drift (the bound, the 'RO' prefix, the spaces).
// This test fails on such a copy and names the file and the line.
import { findSpellings, listSourceFiles } from './source-files';

const CUI_SPELLINGS = [/\\d\{1,10\}/, /\\d\{2,10\}/, /\[1-9\]\\d\{1,9\}/, /\[0-9\]\{1,10\}/];

/** Ten digits that are not a CUI, and why. */
const NOT_A_CUI: Record<string, string> = {
  'server/auth/verification.ts': "the user id inside an e-mail verification token (an app_user id, not a company's CUI)",
};

describe('the CUI is spelled only in lib/cui.ts', () => {
  const files = listSourceFiles(['app', 'components', 'lib', 'server', 'scripts', 'prisma', 'proxy.ts', 'instrumentation.ts']);

  it('reads the tree (the walk finds lib/cui.ts and the pages)', () => {
    expect(files).toEqual(expect.arrayContaining(['lib/cui.ts', 'proxy.ts', 'server/company/canonical.ts']));
    expect(files.length).toBeGreaterThan(300);
  });

  it('finds the spelling in lib/cui.ts itself (the patterns can match)', () => {
    expect(findSpellings(['lib/cui.ts'], CUI_SPELLINGS).length).toBeGreaterThan(0);
  });

  it('has no CUI pattern outside lib/cui.ts', () => {
    const others = files.filter((f) => f !== 'lib/cui.ts' && !(f in NOT_A_CUI));
    expect(findSpellings(others, CUI_SPELLINGS)).toEqual([]);
  });
});
