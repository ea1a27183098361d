'use client';

// The invitations addressed to the signed-in user, on the Grupuri page (docs/decisions/041): one
// card per live invitation (group, who invited, level, until when) with Acceptă and Respinge, so
// nobody has to find the mail again. Nothing is shown when there is none.
import * as React from 'react';
import Link from 'next/link';
import { Check, MailOpen, X } from 'lucide-react';
import { formatDate } from '@/lib/format';
import { GROUP_TOASTS, groupsApi, serverMessage } from '@/lib/groups/client';
import { ACCESS_LABELS } from '@/lib/groups/schemas';
import type { MyInvitation, Paged } from '@/lib/groups/types';
import { Button } from '@/components/ui/button';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { groupDetailsPath } from '@/lib/groups/paths';

export function MyInvitations({ onAccepted }: { onAccepted: () => void }) {
  const [data, setData] = React.useState<Paged<MyInvitation> | null>(null);
  const [busy, setBusy] = React.useState<string | null>(null);
  const [joined, setJoined] = React.useState<{ GroupId: number; GroupName: string } | null>(null);

  const load = React.useCallback(() => {
    groupsApi.getMyInvitations().then(setData, (e) => {
      setData({ Items: [], Count: 0, NumberOfPages: 0 });
      showErrorToast(serverMessage(e) ?? undefined);
    });
  }, []);
  React.useEffect(load, [load]);

  const answer = async (inv: MyInvitation, accept: boolean) => {
    setBusy(inv.Id);
    try {
      if (accept) {
        const g = await groupsApi.acceptInvite(inv.Id);
        showSuccessToast(`${GROUP_TOASTS.inviteAccepted}!`);
        setJoined(g);
        onAccepted();
      } else {
        await groupsApi.rejectInvite(inv.Id);
        showSuccessToast(`${GROUP_TOASTS.inviteRejected}.`);
      }
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    } finally {
      setBusy(null);
      load();
    }
  };

  if (!data || (data.Count === 0 && !joined)) return null;
  return (
    <section aria-labelledby="my-invitations-title" className="flex flex-col gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4" data-testid="my-invitations">
      <h2 id="my-invitations-title" className="flex items-center gap-2 text-base font-semibold">
        <MailOpen aria-hidden="true" className="size-5 text-primary" />
        {data.Count === 1 ? 'Aveți o invitație într-un grup' : data.Count > 1 ? `Aveți ${data.Count} invitații în grupuri` : 'Invitații în grupuri'}
      </h2>
      {joined ? (
        <p role="status" className="text-sm">
          Ați intrat în grupul{' '}
          <Link href={groupDetailsPath({ Id: joined.GroupId, Name: joined.GroupName })} className="font-medium text-primary underline">
            {joined.GroupName}
          </Link>
          .
        </p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {data.Items.map((inv) => (
          <li key={inv.Id} className="flex flex-col gap-2 rounded-md border bg-background p-3 sm:flex-row sm:items-center" data-testid="my-invitation">
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium break-words">{inv.GroupName}</p>
              <p className="text-muted-foreground">
                {`Invitat de ${inv.InvitedBy} · ${ACCESS_LABELS[inv.Access]} · valabilă până la ${formatDate(inv.ExpiresOn)}`}
              </p>
            </div>
            <div className="flex gap-2">
              <Button size="sm" disabled={busy !== null} onClick={() => void answer(inv, true)} aria-label={`Acceptă invitația în grupul ${inv.GroupName}`}>
                <Check aria-hidden="true" />
                Acceptă
              </Button>
              <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => void answer(inv, false)} aria-label={`Respinge invitația în grupul ${inv.GroupName}`}>
                <X aria-hidden="true" />
                Respinge
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {data.Count > data.Items.length ? <p className="text-sm text-muted-foreground">{`Se afișează cele mai noi ${data.Items.length} din ${data.Count}.`}</p> : null}
    </section>
  );
}
