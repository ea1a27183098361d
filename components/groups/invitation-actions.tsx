'use client';

// The answer to an invitation. Signed-in visitors accept or reject; anyone else registers or signs
// in through the modal, which keeps them on this page, so they answer right after.
import * as React from 'react';
import { useRouter } from 'next/navigation';
import { GROUP_TOASTS, groupsApi, serverMessage } from '@/lib/groups/client';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/components/auth/auth-provider';
import { SuccessDialog } from '@/components/auth/success-dialog';
import { FormAlert } from '@/components/auth/form-field';
import { groupDetailsPath } from '@/lib/groups/paths';

const REDIRECT_MS = 1500;

export function InvitationActions({ inviteId }: { inviteId: string }) {
  const { user, ready, openAuth } = useAuth();
  const router = useRouter();
  const [busy, setBusy] = React.useState(false);
  const [done, setDone] = React.useState<'accepted' | 'rejected' | null>(null);
  const [problem, setProblem] = React.useState<string | null>(null);

  if (!ready) return <Spinner />;
  if (!user) {
    return (
      <div className="flex flex-col gap-3">
        <p>Pentru a răspunde invitației trebuie să vă înregistrați sau să vă autentificați cu adresa de e-mail la care ați primit-o.</p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => openAuth('register')}>Înregistrare</Button>
          <Button variant="outline" onClick={() => openAuth('login')}>
            Autentificare
          </Button>
        </div>
      </div>
    );
  }

  const answer = async (accept: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      if (accept) {
        const g = await groupsApi.acceptInvite(inviteId);
        setDone('accepted');
        window.setTimeout(() => router.push(groupDetailsPath({ Id: g.GroupId, Name: g.GroupName })), REDIRECT_MS);
      } else {
        await groupsApi.rejectInvite(inviteId);
        setDone('rejected');
      }
    } catch (e) {
      setProblem(serverMessage(e) ?? 'A apărut o eroare. Vă rugăm să încercați din nou.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <FormAlert message={problem} />
      {done === 'rejected' ? (
        <p role="status">{GROUP_TOASTS.inviteRejected}.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void answer(true)} disabled={busy || done !== null}>
            Acceptă
          </Button>
          <Button variant="outline" onClick={() => void answer(false)} disabled={busy || done !== null}>
            Respinge
          </Button>
        </div>
      )}
      <SuccessDialog open={done === 'accepted'} title={GROUP_TOASTS.inviteAccepted} description="Vă ducem la pagina grupului…" />
    </div>
  );
}
