'use client';

// Where the groups pages meet email sending: "Trimite email" opens the send-template-to-groups
// dialog (components/sending/send-to-groups-host.tsx), and a group's "istoric email-uri" tab shows
// the sendings to its companies.
import * as React from 'react';
import { GroupMailHistory } from '@/components/sending/group-mail-history';
import { openSendToGroups as open } from '@/components/sending/send-to-groups-host';

export { SendToGroupsHost } from '@/components/sending/send-to-groups-host';

/** "Trimite email" for the chosen groups: opens the dialog of the SendToGroupsHost on the page. */
export function openSendToGroups(groupIds: number[]): void {
  open({ groupIds });
}

/** The "istoric email-uri" tab of a group: the list of sendings to the group. */
export function GroupEmailHistorySlot({ groupId }: { groupId: number }) {
  return <GroupMailHistory groupId={groupId} />;
}
