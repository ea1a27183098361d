'use client';

// The draft page's send dialog (issue 28): send now, or at a date and time in Romania's time,
// optionally only on weekdays between 9 and 17 (the queue pauses outside and resumes at the next
// opening). The server checks the time again (it exists, it is ahead).
import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { scheduleFormSchema, type ScheduleFormInput } from '@/lib/sending/schemas';
import { utcToBucharestLocal } from '@/lib/sending/schedule';
import { FormField } from '@/components/auth/form-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/shared/name-form-dialog';
import { Input } from '@/components/ui/input';
import { crmApi } from '@/lib/crm/client';

export type SendChoice = { ScheduledAt: string | null; UseWindow: boolean; ExcludeInCrm?: boolean };

const RADIO = 'size-4 accent-primary';
/** A choice's whole row is its target: 44 px high on a phone (decision 093). */
const CHOICE = 'flex min-h-11 items-center gap-2 text-sm md:min-h-0';

export function SendDialog({
  open,
  onOpenChange,
  companies,
  onSend,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  companies: number;
  /** Rejects to keep the dialog open (the page showed the error). */
  onSend: (choice: SendChoice) => Promise<void>;
}) {
  const form = useForm<ScheduleFormInput>({
    resolver: zodResolver(scheduleFormSchema),
    // Decision 109: companies the user's CRM already holds are left out unless the user unticks it.
    defaultValues: { When: 'now', ScheduledAt: '', UseWindow: false, ExcludeInCrm: true },
  });
  // The CRM option is shown only to a user with a CRM connected (without one it changes nothing).
  const [hasCrm, setHasCrm] = React.useState(false);
  React.useEffect(() => {
    if (!open) return;
    let live = true;
    crmApi.connections(true).then(
      (list) => live && setHasCrm(list.length > 0),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [open]);
  const when = useWatch({ control: form.control, name: 'When' });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (v) => {
    try {
      await onSend({ ScheduledAt: v.When === 'later' ? (v.ScheduledAt ?? null) : null, UseWindow: v.UseWindow, ExcludeInCrm: hasCrm && v.ExcludeInCrm === true });
      onOpenChange(false);
    } catch {
      // the page showed the server's message; the dialog stays open
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent variant="sheet">
        <DialogHeader>
          {/* Spec 002: the send confirmation is titled Avertisment, with Da and Renunță. */}
          <DialogTitle>Avertisment</DialogTitle>
          <DialogDescription>
            Sigur doriți să trimiteți email-ul către cele {companies} firme? Firmele fără adresă de email vor fi sărite.
          </DialogDescription>
        </DialogHeader>
        <form id="send-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Când se trimite</legend>
            <label className={CHOICE}>
              <input type="radio" value="now" className={RADIO} {...form.register('When')} />
              Acum
            </label>
            <label className={CHOICE}>
              <input type="radio" value="later" className={RADIO} {...form.register('When')} />
              La o dată și o oră
            </label>
          </fieldset>
          {when === 'later' ? (
            <FormField id="send-scheduled-at" label="Data și ora (ora României)" errors={[errors.ScheduledAt?.message]}>
              {(a11y) => <Input {...a11y} type="datetime-local" min={utcToBucharestLocal(new Date())} {...form.register('ScheduledAt')} />}
            </FormField>
          ) : null}
          <label className={CHOICE}>
            <input type="checkbox" className="size-4 accent-primary" {...form.register('UseWindow')} />
            Doar în zilele lucrătoare, între orele 9 și 17 (în afara acestui interval trimiterea se oprește și se reia automat)
          </label>
          {hasCrm ? (
            <label className={CHOICE}>
              <input type="checkbox" className="size-4 accent-primary" data-testid="send-exclude-in-crm" {...form.register('ExcludeInCrm')} />
              Fără firmele care sunt deja în CRM-ul dumneavoastră
            </label>
          ) : null}
        </form>
        <FormDialogFooter formId="send-form" submitText="Da" submitting={form.formState.isSubmitting} onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
