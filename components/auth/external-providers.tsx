'use client';

import * as React from 'react';
import { Button } from '@/components/ui/button';
import { showErrorToast } from '@/components/layout/toaster';
import { FAILED_TEXT } from '@/lib/text';
import { endpoint } from '@/lib/api/endpoint';

export type ExternalProviderId = 'microsoft-entra-id' | 'google' | 'facebook';

const ORDER: ExternalProviderId[] = ['microsoft-entra-id', 'google', 'facebook'];
const LABELS: Record<ExternalProviderId, string> = {
  'microsoft-entra-id': 'Continuă cu Microsoft',
  google: 'Continuă cu Google',
  facebook: 'Continuă cu Facebook',
};
/** The text of a failed social sign-in. */
export const SOCIAL_LOGIN_FAILED = FAILED_TEXT;

let cached: Promise<ExternalProviderId[]> | null = null;

/** The providers the server has settings for (next-auth lists only the configured ones). */
function loadExternalProviders(): Promise<ExternalProviderId[]> {
  cached ??= fetch(endpoint('GET /api/nextauth/[...nextauth]', { nextauth: ['providers'] }), { headers: { accept: 'application/json' } })
    .then((r) => (r.ok ? r.json() : {}))
    .then((json: Record<string, unknown>) => ORDER.filter((id) => json && id in json))
    .catch(() => {
      cached = null;
      return [];
    });
  return cached;
}

/** Starts the provider's redirect flow; the provider sends the browser back to /microsoft-login. */
async function startExternalSignIn(provider: ExternalProviderId, opts: { rememberMe: boolean }): Promise<void> {
  const { csrfToken } = (await fetch(endpoint('GET /api/nextauth/[...nextauth]', { nextauth: ['csrf'] })).then((r) => r.json())) as { csrfToken: string };
  const returnTo = `${window.location.pathname}${window.location.search}`;
  const callbackUrl = `/microsoft-login?${new URLSearchParams({ remember: opts.rememberMe ? '1' : '0', returnTo })}`;
  const res = await fetch(endpoint('POST /api/nextauth/[...nextauth]', { nextauth: ['signin', provider] }), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, callbackUrl, json: 'true' }),
  });
  const { url } = (await res.json()) as { url?: string };
  if (!url) throw new Error('no redirect');
  window.location.assign(url);
}

function ProviderIcon({ id }: { id: ExternalProviderId }) {
  if (id === 'microsoft-entra-id')
    return (
      <svg viewBox="0 0 21 21" aria-hidden="true" className="size-4">
        <path fill="#f25022" d="M1 1h9v9H1z" />
        <path fill="#7fba00" d="M11 1h9v9h-9z" />
        <path fill="#00a4ef" d="M1 11h9v9H1z" />
        <path fill="#ffb900" d="M11 11h9v9h-9z" />
      </svg>
    );
  if (id === 'google')
    return (
      <svg viewBox="0 0 48 48" aria-hidden="true" className="size-4">
        <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
        <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
        <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
        <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
      </svg>
    );
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
      <path fill="#1877F2" d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.79-4.69 4.53-4.69 1.31 0 2.68.24 2.68.24v2.97h-1.51c-1.49 0-1.96.93-1.96 1.89v2.25h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07z" />
    </svg>
  );
}

/** One button per configured provider; nothing at all when none is configured. */
export function ExternalProviderButtons({ rememberMe }: { rememberMe: boolean }) {
  const [providers, setProviders] = React.useState<ExternalProviderId[]>([]);
  const [busy, setBusy] = React.useState<ExternalProviderId | null>(null);

  React.useEffect(() => {
    let alive = true;
    void loadExternalProviders().then((list) => alive && setProviders(list));
    return () => {
      alive = false;
    };
  }, []);

  if (providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-3" data-testid="external-providers">
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        sau
        <span className="h-px flex-1 bg-border" />
      </div>
      {providers.map((id) => (
        <Button
          key={id}
          variant="outline"
          disabled={busy !== null}
          onClick={async () => {
            setBusy(id);
            try {
              await startExternalSignIn(id, { rememberMe });
            } catch {
              setBusy(null);
              showErrorToast(SOCIAL_LOGIN_FAILED);
            }
          }}
        >
          <ProviderIcon id={id} />
          {LABELS[id]}
        </Button>
      ))}
    </div>
  );
}
