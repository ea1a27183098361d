// Where the e2e run's stand-in for Microsoft Entra ID listens, shared by scripts/e2e-server.ts
// (which points MICROSOFT_ENTRA_ID_* at it) and tests/e2e/auth.spec.ts (which starts it).
const appPort = Number(process.env.E2E_PORT ?? 3100);

export const E2E_OIDC = {
  port: Number(process.env.E2E_OIDC_PORT ?? appPort + 1000),
  clientId: 'radarfirme-e2e',
  clientSecret: 'radarfirme-e2e-client-secret-0123456789',
  get issuer() {
    return `http://127.0.0.1:${this.port}`;
  },
  appUrl: `http://localhost:${appPort}`,
};
