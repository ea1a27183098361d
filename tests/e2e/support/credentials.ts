// The one place the e2e specs and the e2e server (scripts/e2e-server.ts) take the first admin's
// and the demo accounts' passwords from. The e2e server runs NODE_ENV=production, so it may not use
// the published ones (docs/decisions/031): it sets these through ADMIN_PASSWORD / DEMO_PASSWORD,
// and the specs sign in with the same values. Set ADMIN_PASSWORD / DEMO_PASSWORD to override both.
export const E2E_ADMIN = {
  email: process.env.ADMIN_EMAIL ?? 'admin@radarfirme.ro',
  password: process.env.ADMIN_PASSWORD ?? 'E2e-Admin#2026',
} as const;

export const E2E_DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'E2e-Demo#2026';
