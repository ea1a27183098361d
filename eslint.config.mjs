import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ['node_modules/**', '.next/**', '.next-*/**', 'tmp/**', 'coverage/**', '.data/**', 'server/generated/**', 'playwright-report/**', 'test-results/**', 'next-env.d.ts'],
  },
  {
    // Layers go one way only (docs/architecture.md, docs/decisions/001-layers-and-tooling.md): app → server,
    // components, lib; components → lib; server → lib; lib → lib. Any other direction is an error.
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './components', from: './server', message: 'components/ nu poate importa din server/.' },
            { target: './lib', from: './server', message: 'lib/ nu poate importa din server/.' },
            { target: './components', from: './app', message: 'components/ nu poate importa din app/.' },
            { target: './lib', from: './components', message: 'lib/ nu poate importa din components/.' },
            { target: './lib', from: './app', message: 'lib/ nu poate importa din app/.' },
            { target: './server', from: './components', message: 'server/ nu poate importa din components/ (un tip comun stă în lib/<domeniu>/).' },
            { target: './server', from: './app', message: 'server/ nu poate importa din app/.' },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/server/generated/*', '**/server/generated/*'], message: 'Only server/** uses the generated Prisma client.' },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['server/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['scripts/**', 'tests/**', 'prisma/**'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];

export default config;
