// A local OpenID Connect provider (the certified `oidc-provider` package) standing in for
// Microsoft Entra ID, so the enterprise sign-in runs end to end without the internet. Its
// development login form accepts any login; the login becomes the subject, and the e-mail is
// `<login>@contoso-e2e.ro`, marked verified (as Entra's xms_edov would).
import type { Server } from 'node:http';
import { E2E_OIDC } from './local-oidc-config';

export type LocalOidc = { issuer: string; close: () => Promise<void> };

export async function startLocalOidc(opts: { port?: number; redirectUri?: string } = {}): Promise<LocalOidc> {
  const port = opts.port ?? E2E_OIDC.port;
  const issuer = `http://127.0.0.1:${port}`;
  const { default: Provider } = await import('oidc-provider');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: E2E_OIDC.clientId,
        client_secret: E2E_OIDC.clientSecret,
        redirect_uris: [opts.redirectUri ?? `${E2E_OIDC.appUrl}/api/nextauth/callback/microsoft-entra-id`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    // Scope claims in the ID token itself (next-auth reads the ID token).
    conformIdTokenClaims: false,
    cookies: { keys: ['local-oidc-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, sub) {
      const local = sub.includes('@') ? sub.split('@')[0] : sub;
      const name = local
        .split(/[._-]+/)
        .filter(Boolean)
        .map((w) => w[0].toUpperCase() + w.slice(1))
        .join(' ');
      return {
        accountId: sub,
        claims: async () => ({ sub, email: `${local}@contoso-e2e.ro`, email_verified: true, name, preferred_username: `${local}@contoso-e2e.ro` }),
      };
    },
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(port, '127.0.0.1', () => resolve(s));
  });
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
