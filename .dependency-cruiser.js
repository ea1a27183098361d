// Import rules checked by `npm run deps` and the `static` step of `npm test` (decision 081).
// The layer directions (components/lib never import server, server never imports app or
// components) stay in eslint.config.mjs; this file adds what eslint cannot see: cycles, and the
// floors of server/ (the kernel imports no domain; a domain imports only the floors below it).
/**
 * The floors of server/, bottom to top. A domain imports its own files, the kernel and domains on
 * LOWER floors only: never a domain on its own floor or above, so no cycle between domains can
 * form. A new domain gets a floor here (one above the highest floor it imports); moving a domain
 * up is a one-line change, reviewed like any other.
 */
const FLOORS = [
  ['kernel'],
  ['auth', 'security', 'api-docs', 'uploads', 'risk'],
  ['mail', 'page-cache', 'landing'],
  ['webhooks'],
  ['groups', 'privacy', 'messages'],
  ['search', 'watch', 'api-keys', 'comments', 'crm'],
  ['company', 'saved-searches', 'ops', 'health', 'lookups', 'fiscal'],
  ['claims', 'http', 'caen'],
  ['contacts', 'account', 'customers', 'sitemap'],
  ['templates'],
  ['drafts'],
  ['prospecting'],
  ['sending'],
  ['users', 'export'],
  ['personal-data'],
];

const ALL = FLOORS.flat();
// Floor 0 is the kernel, held by its own rule below.
const floorRules = FLOORS.slice(1).flatMap((floor, index) =>
  floor.map((domain) => {
    const level = index + 1;
    const notBelow = FLOORS.slice(level).flat().filter((d) => d !== domain);
    return {
      name: `floor-${domain}`,
      severity: 'error',
      comment: `server/${domain} (floor ${level}) may import only the kernel and domains on floors below ${level}.`,
      from: { path: `^server/${domain}/` },
      to: { path: `^server/(${notBelow.join('|')})/` },
    };
  }),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle ties modules into one knot that can only be understood, tested and changed together. ' +
        'Break it by moving the shared piece down (server/kernel, a lower domain, lib/<domain>) or by passing a function in.',
      from: {},
      // An import used only as a type, or a lazy import() that loads a chunk on demand, does not
      // run module code in a cycle; every other kind of import does.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'type-import', 'dynamic-import'] } },
    },
    {
      name: 'no-circular-server',
      severity: 'error',
      comment: 'In server/ not even a type-only cycle: a type shared both ways belongs in the lower module or in lib/<domain>/.',
      from: { path: '^server/' },
      to: { circular: true },
    },
    {
      name: 'kernel-imports-no-domain',
      severity: 'error',
      comment: 'server/kernel is the floor every domain stands on: it may import lib/ and packages, never a domain of server/.',
      from: { path: '^server/kernel/' },
      to: { path: '^server/', pathNot: ['^server/kernel/', '^server/generated/'] },
    },
    {
      name: 'domain-has-a-floor',
      severity: 'error',
      comment: 'Every file of server/ lives in the kernel or in a domain listed in FLOORS (.dependency-cruiser.js).',
      from: { path: '^server/', pathNot: `^server/(${[...ALL, 'generated'].join('|')})/` },
      to: {},
    },
    ...floorRules,
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|server/generated)/' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
