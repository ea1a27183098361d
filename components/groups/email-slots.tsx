'use client';

// Where the groups pages meet email sending: "Trimite email" opens the send-template-to-groups
// dialog (loaded when first opened, so the groups pages stay light), and a group's "istoric
// email-uri" tab shows the sendings to its companies.
import * as React from 'react';
import dynamic from 'next/dynamic';
import { GroupMailHistory } from '@/components/sending/group-mail-history';

const SendToGroupsDialog = dynamic(() => import('@/components/sending/send-to-groups-dialog').then((m) => m.SendToGroupsDialog), { ssr: false });

const OPEN_EVENT = 'rf:send-to-groups';

/** "Trimite email" for the chosen groups: opens the dialog of the SendToGroupsHost on the page. */
export function openSendToGroups(groupIds: number[]): void {
  window.dispatchEvent(new CustomEvent<number[]>(OPEN_EVENT, { detail: groupIds }));
}

/** Renders the send-template-to-groups dialog when openSendToGroups is called. */
export function SendToGroupsHost() {
  const [groupIds, setGroupIds] = React.useState<number[] | null>(null);
  React.useEffect(() => {
    const onOpen = (e: Event) => setGroupIds((e as CustomEvent<number[]>).detail);
    window.addEventListener(OPEN_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_EVENT, onOpen);
  }, []);
  if (!groupIds) return null;
  return <SendToGroupsDialog groupIds={groupIds} open onOpenChange={(open) => !open && setGroupIds(null)} />;
}

/** The "istoric email-uri" tab of a group: the list of sendings to the group. */
export function GroupEmailHistorySlot({ groupId }: { groupId: number }) {
  return <GroupMailHistory groupId={groupId} />;
}
