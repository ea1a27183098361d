// knip: unused files, exports, types and dependencies (`npm run knip`, one step of `npm test`).
// The Next.js (app router, proxy, instrumentation), Jest, Playwright and ESLint plugins find their
// own entry points; the ones below are what no config or import names. Every ignore says why.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // Run by hand or by package.json / the Dockerfile / a spawn, never imported.
    'scripts/serve.mjs',
    'scripts/tools/*.{ts,mjs}',
    'scripts/data/demo-accounts.ts',
    'scripts/import/generate.ts',
    // scripts/bench/run.ts imports every *.bench.ts by a computed path; search-load spawns load-client.
    'scripts/bench/*.bench.ts',
    'scripts/bench/load-client.mjs',
    // Spawned by tests (tsx <file>) or run by hand to rebuild a fixture.
    'tests/integration/support/engine-instance.ts',
    'tests/integration/support/drain-instance.mjs',
    'tests/fixtures/open-data/make-sicap-xlsx.ts',
    // Spawned by scripts/start.ts and scripts/e2e-server.ts (the fiscal worker and the ANAF stand-in).
    'scripts/fiscal/refresh.ts',
    'tests/stand-ins/anaf-vat-server.ts',
    // The CRM stand-ins as a process, spawned by scripts/e2e-server.ts (decision 109).
    'tests/stand-ins/crm-server.ts',
    // The MJML worker thread, started by server/templates/render.ts from its path (decision 125).
    'server/templates/mjml-worker.mjs',
  ],
  project: ['**/*.{ts,tsx,mjs,js}'],
  ignoreIssues: {
    // CommonJS, loaded as one default object by scripts/serve.mjs and by require() in tests.
    'scripts/front-peer.js': ['exports'],
    // The UI kit is vendored whole (shadcn): a screen may use any part of it.
    'components/ui/**': ['exports', 'types'],
    // The arrears importer's interface, ready for a parser once ANAF's file layout is known (decision 099).
    'server/fiscal/arrears.ts': ['types'],
  },
  ignoreDependencies: [
    // Loaded by the generated client in server/generated (ignored above).
    '@prisma/client',
    // Read as a file from node_modules (server/api-docs/reference.ts serves its browser bundle).
    '@scalar/api-reference',
    // Imported inside the child-process script of tests/unit/openapi.test.ts (it is ESM only).
    '@seriousme/openapi-schema-validator',
    // Types of smtp-server (scripts/mail/bounce-server.ts, the mail benchmarks).
    '@types/smtp-server',
    // The rule import/no-restricted-paths of eslint.config.mjs comes from this plugin.
    'eslint-plugin-import',
    // Read by CSS (@import "tailwindcss" through @tailwindcss/postcss), which knip does not parse.
    'tailwindcss',
    // eslint-config-next/typescript loads it; pinned here to the version that works with TypeScript 5.9.
    'typescript-eslint',
    // lighthouse's own launcher, used by scripts/bench/lighthouse.bench.ts.
    'chrome-launcher',
  ],
};

export default config;
