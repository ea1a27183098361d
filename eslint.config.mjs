import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ['node_modules/**', '.next/**', '.next-*/**', 'tmp/**', 'coverage/**', '.data/**', 'server/generated/**', 'playwright-report/**', 'test-results/**', 'next-env.d.ts'],
  },
  {
    // Layers go one way only (docs/decisions/001-layers.md): components/ and lib/ never import server/.
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './components', from: './server', message: 'components/ nu poate importa din server/.' },
            { target: './lib', from: './server', message: 'lib/ nu poate importa din server/.' },
            { target: './components', from: './app', message: 'components/ nu poate importa din app/.' },
            { target: './lib', from: './components', message: 'lib/ nu poate importa din components/.' },
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
