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
  // Each worker its own database cloned from a template (decision 090), set before any module loads.
  setupFiles: ['<rootDir>/tests/integration/worker-database.ts'],
  setupFilesAfterEnv: ['<rootDir>/tests/integration/setup.ts'],
  globalSetup: '<rootDir>/tests/integration/global-setup.mjs',
  globalTeardown: '<rootDir>/tests/integration/global-teardown.mjs',
  // Parallel workers each on their own database (decision 090); jest does not read maxWorkers from
  // a project, so `npm test` passes it on the command line.
})();

const config = { projects: [unit, integration] };

export default config;
