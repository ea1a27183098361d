import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

const common = {
  moduleNameMapper: { '^server-only$': '<rootDir>/tests/stubs/empty.ts', '^@/(.*)$': '<rootDir>/$1' },
  testPathIgnorePatterns: ['/node_modules/', '/.next/', '/tests/e2e/'],
};

// Two projects: fast unit tests (node or jsdom per file) and integration tests on a real PostgreSQL.
const unit = await createJestConfig({
  ...common,
  displayName: 'unit',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/unit/**/*.test.{ts,tsx}'],
  setupFilesAfterEnv: ['<rootDir>/tests/unit/setup.ts'],
})();

const integration = await createJestConfig({
  ...common,
  displayName: 'integration',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
  setupFilesAfterEnv: ['<rootDir>/tests/integration/setup.ts'],
  globalSetup: '<rootDir>/tests/integration/global-setup.mjs',
  globalTeardown: '<rootDir>/tests/integration/global-teardown.mjs',
  // One file at a time (they share one database): `npm test` and `npm run test:integration` pass
  // --runInBand; jest does not read maxWorkers from a project.
})();

const config = { projects: [unit, integration] };

export default config;
