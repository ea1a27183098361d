// The core of scripts/tools/unused-exports.ts on a made-up tree: what counts as used (an import,
// a re-export, a dynamic import, a jest.mock, a config naming a file), what is left out by
// convention (Next.js exports of app/, the UI kit, the bench entry points), and the split between
// unused and used only in their own file.
import { unusedExports } from '@/scripts/tools/unused-exports';

const tree: Record<string, string> = {
  'lib/a.ts': ['export const used = 1;', 'export function ownOnly() { return 2; }', 'export type Dead = string;', 'export const viaAlias = ownOnly();'].join('\n'),
  'lib/b.ts': "import { used } from './a';\nimport { viaAlias } from '@/lib/a';\nexport const b = used + viaAlias;",
  'lib/c.ts': 'export const anyOfThem = 1;',
  'lib/d.ts': 'export const mocked = 1;',
  // A re-export nobody imports is unused too.
  'lib/e.ts': "export { b } from './b';\nexport const dynamic = () => import('./c');",
  'tests/unit/x.test.ts': "jest.mock('@/lib/d', () => ({}));\nimport { dynamic } from '@/lib/e';\nexport const inTest = dynamic;",
  'app/page.tsx': "export default function Page() { return null; }\nexport const generateMetadata = () => ({});\nexport const helper = 1;",
  'components/ui/button.tsx': 'export const ButtonGroup = 1;',
  'components/card.tsx': 'export const Card = 1;',
  'scripts/bench/x.bench.ts': 'export const standalone = true;\nexport default async function run() {}\nexport const sample = 1;',
  'jest.config.mjs': "export default { globalSetup: '<rootDir>/tests/setup.mjs' };",
  'tests/setup.mjs': 'export default async function setup() {}',
};

test('lists the exports nobody imports, and apart the ones used only in their own file', () => {
  expect(unusedExports(tree)).toEqual({
    unused: ['lib/a.ts:3 Dead', 'lib/e.ts:1 b', 'app/page.tsx:3 helper', 'components/card.tsx:1 Card', 'scripts/bench/x.bench.ts:3 sample'],
    ownOnly: ['lib/a.ts:2 ownOnly'],
  });
});

test('an import that goes away makes its export unused', () => {
  const { unused } = unusedExports({ ...tree, 'lib/b.ts': "import { viaAlias } from '@/lib/a';\nexport const b = viaAlias;" });
  expect(unused).toContain('lib/a.ts:1 used');
});
