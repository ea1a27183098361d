'use client';

// "Trimite" on a template: a draft is made from it (no recipients yet), the success dialog shows,
// and after 1.5 s the draft page opens, where recipients are chosen and the message is sent.
import * as React from 'react';
import { useRouter } from 'next/navigation';
import { SuccessDialog } from '@/components/auth/success-dialog';
import { showErrorToast } from '@/components/layout/toaster';
import { DRAFT_LIMITS } from '@/lib/drafts/schemas';
import { draftPath, draftsApi } from '@/lib/drafts/client';
import { serverMessage, TEMPLATE_TOASTS } from '@/lib/templates/client';

export function useCreateDraft() {
  const router = useRouter();
  const [created, setCreated] = React.useState(false);
  const [busy, setBusy] = React.useState(false);

  const createDraft = React.useCallback(
    async (template: { Id: number; Name: string }) => {
      if (busy) return;
      setBusy(true);
      try {
        const id = await draftsApi.create({ MailTemplateId: template.Id, CompanyIds: [], GroupIds: [] });
        setCreated(true);
        window.setTimeout(() => router.push(draftPath(id, template.Name)), DRAFT_LIMITS.redirectDelayMs);
      } catch (e) {
        showErrorToast(serverMessage(e) ?? undefined);
        setBusy(false);
      }
    },
    [busy, router],
  );

  const dialog = <SuccessDialog open={created} title={TEMPLATE_TOASTS.draftCreated} description="Vă ducem la pagina draft-ului…" />;
  return { createDraft, busy, dialog };
}
