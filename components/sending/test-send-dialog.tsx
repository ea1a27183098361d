'use client';

// "Trimite un test" (issue 28): the draft, with the merge fields of a company the author picks from
// the draft's list, to the author's own address. It is not a sending: nothing reaches a company.
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FlaskConical } from 'lucide-react';
import { draftsApi } from '@/lib/drafts/client';
import type { DraftCompany } from '@/lib/drafts/types';
import { campaignsApi, serverMessage } from '@/lib/sending/client';
import { sendTestFormSchema } from '@/lib/sending/schemas';
import { FormField } from '@/components/auth/form-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useLoad } from '@/components/users/use-load';
import { FormDialogFooter } from '@/components/shared/name-form-dialog';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

type TestForm = { Cui: number };

const SELECT_CLASS = 'h-10 w-full rounded-md border border-input bg-background px-3 text-sm aria-invalid:border-destructive';

/** The button and its dialog. `beforeSend` saves the draft first, so the test is what the user sees. */
export function TestSendButton({ draftId, disabled, beforeSend }: { draftId: number; disabled?: boolean; beforeSend: () => Promise<boolean> }) {
  const [open, setOpen] = React.useState(false);
  // The draft's first page of companies, loaded when the dialog opens.
  const { data: companies } = useLoad<DraftCompany[] | null>(open ? `open:${draftId}` : 'closed', () =>
    open ? draftsApi.companies({ GroupedMailId: draftId, OrderBy: '', SearchText: '', PageNumber: 1 }).then((r) => r.Items) : Promise.resolve(null),
  );
  const form = useForm<TestForm>({ resolver: zodResolver(sendTestFormSchema) as never, defaultValues: { Cui: undefined as unknown as number } });


  const submit = form.handleSubmit(async (v) => {
    if (!(await beforeSend())) return;
    try {
      const r = await campaignsApi.sendTest(draftId, v.Cui);
      showSuccessToast(`Testul a fost trimis la ${r.SentTo}.`);
      setOpen(false);
    } catch (e) {
      showErrorToast(serverMessage(e));
    }
  });

  return (
    <>
      <Button type="button" variant="outline" disabled={disabled} onClick={() => setOpen(true)}>
        <FlaskConical aria-hidden="true" />
        Trimite un test
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Trimite un test</DialogTitle>
            <DialogDescription>
              Mesajul ajunge doar la adresa dvs., cu datele firmei alese. Nu este o trimitere și nu ajunge la nicio firmă.
            </DialogDescription>
          </DialogHeader>
          <form id="test-send-form" noValidate onSubmit={submit}>
            <FormField id="test-send-company" label="Firma ale cărei date apar în test" errors={[form.formState.errors.Cui?.message]}>
              {(a11y) => (
                <select {...a11y} {...form.register('Cui')} className={SELECT_CLASS} defaultValue="">
                  <option value="" disabled>
                    {companies ? 'Alegeți o firmă' : 'Se încarcă…'}
                  </option>
                  {(companies ?? []).map((c) => (
                    <option key={c.CompanyCui} value={c.CompanyCui}>
                      {c.Name} (CUI {c.CompanyCui})
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </form>
          <FormDialogFooter formId="test-send-form" submitText="Trimite testul" submitting={form.formState.isSubmitting} onCancel={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}
