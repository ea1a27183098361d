'use client';

// /microsoft-login: where the provider redirect ends (Microsoft, and Google / Facebook too). The
// short next-auth session is traded once for the app's token pair, then the user goes back.
import * as React from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { ApiError } from '@/lib/api/client';
import { authApi } from '@/lib/api/auth';
import { Spinner } from '@/components/ui/spinner';
import { Button } from '@/components/ui/button';
import { showErrorToast } from '@/components/layout/toaster';
import { useAuth } from '@/components/auth/auth-provider';
import { SOCIAL_LOGIN_FAILED } from '@/components/auth/external-providers';

const ERROR_TEXT: Record<string, string> = {
  CONFLICT:
    'Există deja un cont cu această adresă de e-mail, iar furnizorul nu o confirmă. Autentifică-te cu e-mailul și parola contului.',
  FORBIDDEN: 'Acces neautorizat!',
};

/** Only paths of this site: never another origin from the query (open redirect; "/\\x.ro" too). */
function safeReturn(path: string | null): string {
  if (!path || !path.startsWith('/')) return '/';
  try {
    const url = new URL(path, window.location.origin);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/microsoft-login')) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

export function ExternalReturn() {
  const router = useRouter();
  const params = useSearchParams();
  const { completeSignIn } = useAuth();
  const [exchangeFailed, setExchangeFailed] = React.useState<string | null>(null);
  const started = React.useRef(false);
  // The provider or next-auth sent the browser back with an error (?error=…).
  const error = params.get('error');
  const failed = error ? (ERROR_TEXT[error] ?? SOCIAL_LOGIN_FAILED) : exchangeFailed;

  React.useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (error) {
      showErrorToast(ERROR_TEXT[error] ?? SOCIAL_LOGIN_FAILED);
      return;
    }
    void (async () => {
      try {
        const tokens = await authApi.externalSession({ RememberMe: params.get('remember') === '1' });
        await completeSignIn(tokens);
        router.replace(safeReturn(params.get('returnTo')));
      } catch (e) {
        const text = e instanceof ApiError && e.status === 403 ? ERROR_TEXT.FORBIDDEN : SOCIAL_LOGIN_FAILED;
        setExchangeFailed(text);
        showErrorToast(text);
      }
    })();
  }, [error, params, completeSignIn, router]);

  if (failed) {
    return (
      <div className="flex flex-col items-center gap-4 text-center">
        <p role="alert" className="text-base text-destructive">
          {failed}
        </p>
        <Button onClick={() => router.replace('/')}>Înapoi la pagina principală</Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3" role="status">
      <Spinner size="lg" label={null} />
      <p className="text-sm text-muted-foreground">Se finalizează autentificarea…</p>
    </div>
  );
}
