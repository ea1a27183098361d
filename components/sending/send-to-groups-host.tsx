'use client';

// Where the pages meet the send-template-to-groups dialog: "Trimite email" on the Grupuri page
// (the ticked groups) and "Trimite" on the template list or the template page (that template,
// preselected) call openSendToGroups; the SendToGroupsHost on the page renders the dialog, loaded
// when first opened so the pages stay light.
import * as React from 'react';
import dynamic from 'next/dynamic';
import type { TemplateOption } from './send-to-groups-dialog';

const SendToGroupsDialog = dynamic(() => import('./send-to-groups-dialog').then((m) => m.SendToGroupsDialog), { ssr: false });

const OPEN_EVENT = 'rf:send-to-groups';

export type SendToGroupsTarget = { groupIds?: number[]; template?: TemplateOption };

/** Opens the dialog of the SendToGroupsHost on the page, for these groups or with this template chosen. */
export function openSendToGroups(target: SendToGroupsTarget): void {
  window.dispatchEvent(new CustomEvent<SendToGroupsTarget>(OPEN_EVENT, { detail: target }));
}

/** Renders the send-template-to-groups dialog when openSendToGroups is called. */
export function SendToGroupsHost() {
  // A new key per opening, so every opening starts from a fresh form.
  const [target, setTarget] = React.useState<(SendToGroupsTarget & { key: number }) | null>(null);
  React.useEffect(() => {
    const onOpen = (e: Event) => setTarget({ ...(e as CustomEvent<SendToGroupsTarget>).detail, key: Date.now() });
    window.addEventListener(OPEN_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_EVENT, onOpen);
  }, []);
  if (!target) return null;
  return <SendToGroupsDialog key={target.key} groupIds={target.groupIds} template={target.template} open onOpenChange={(open) => !open && setTarget(null)} />;
}
