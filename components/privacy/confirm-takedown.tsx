'use client';

// The page the takedown mail's link opens. Opening it changes nothing (mail scanners open every
// link); the button posts the token once.
import * as React from 'react';
import { CircleCheck, CircleX } from 'lucide-react';
import { ApiError, apiCall } from '@/lib/api/client';
import { TAKEDOWN_TEXTS } from '@/lib/privacy/takedown';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

type State = { status: 'idle' | 'busy' } | { status: 'done' | 'failed'; message: string };

export function ConfirmTakedown({ token }: { token: string }) {
  const [state, setState] = React.useState<State>({ status: 'idle' });
  const confirm = async () => {
    setState({ status: 'busy' });
    try {
      const res = await apiCall('POST /api/Privacy/confirmTakedown', { body: { Token: token }, background: true });
      setState({ status: 'done', message: res.Message });
    } catch (e) {
      setState({ status: 'failed', message: e instanceof ApiError && e.body?.Message ? e.body.Message : TAKEDOWN_TEXTS.badLink });
    }
  };
  if (state.status === 'done' || state.status === 'failed') {
    const ok = state.status === 'done';
    const Icon = ok ? CircleCheck : CircleX;
    return (
      <p role={ok ? 'status' : 'alert'} className="flex items-start gap-2 rounded-lg border bg-card p-6 text-base font-medium" data-testid="takedown-confirmed">
        <Icon aria-hidden="true" className={ok ? 'mt-0.5 size-5 shrink-0 text-success-strong' : 'mt-0.5 size-5 shrink-0 text-destructive'} />
        <span>{state.message}</span>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4 rounded-lg border bg-card p-6">
      <p>Confirmați că ați trimis cererea de ascundere a datelor personale. După confirmare, un administrator o analizează.</p>
      <Button onClick={confirm} disabled={state.status === 'busy'} className="self-start">
        {state.status === 'busy' ? <Spinner size="sm" className="text-current" label="Se confirmă" /> : null}
        Confirmă cererea
      </Button>
    </div>
  );
}
