'use client';

// The page the verification link opens: the token is posted once (a GET that changes nothing, so
// a mail scanner fetching the link confirms nothing by itself), then the result is shown and the
// signed-in user's details are reloaded, which hides the banner.
import * as React from 'react';
import Link from 'next/link';
import { CircleCheck, CircleX } from 'lucide-react';
import { ApiError } from '@/lib/api/client';
import { authApi } from '@/lib/api/auth';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/components/auth/auth-provider';

type State = { status: 'pending' } | { status: 'done' | 'failed'; message: string };

export function VerifyEmail({ token }: { token: string }) {
  const { reloadUser } = useAuth();
  const [state, setState] = React.useState<State>({ status: 'pending' });
  const started = React.useRef(false);

  React.useEffect(() => {
    if (started.current) return;
    started.current = true;
    authApi
      .verifyEmail({ Token: token })
      .then(async (res) => {
        setState({ status: 'done', message: res.Message });
        await reloadUser();
      })
      .catch((e) =>
        setState({
          status: 'failed',
          message: e instanceof ApiError ? e.message : 'Nu am putut confirma adresa. Încercați din nou peste câteva minute.',
        }),
      );
  }, [token, reloadUser]);

  if (state.status === 'pending') return <Spinner label="Se confirmă adresa de e-mail" />;
  const ok = state.status === 'done';
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <div role={ok ? 'status' : 'alert'} className="flex flex-col gap-4 rounded-lg border bg-card p-6">
      <p className="flex items-start gap-2 text-base font-medium">
        <Icon aria-hidden="true" className={ok ? 'mt-0.5 size-5 shrink-0 text-emerald-700' : 'mt-0.5 size-5 shrink-0 text-destructive'} />
        <span>{state.message}</span>
      </p>
      <p className="text-sm text-muted-foreground">
        <Link href="/Cautare-avansata" className="text-primary underline underline-offset-4">
          Mergi la căutarea avansată
        </Link>
      </p>
    </div>
  );
}
