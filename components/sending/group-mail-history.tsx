'use client';

import { SendingsTable } from './sendings-table';

/** The "istoric email-uri" tab of a group's details page: the sendings to the group's companies. */
export function GroupMailHistory({ groupId }: { groupId: number }) {
  return <SendingsTable groupId={groupId} searchable={false} />;
}
