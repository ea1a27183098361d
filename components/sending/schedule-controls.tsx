'use client';

// A scheduled sending that has not started (issue 28): its author moves it to another date and
// time or cancels it (the sending becomes a draft again).
import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarClock, XCircle } from 'lucide-react';
import { rescheduleSchema } from '@/lib/sending/schemas';
import { utcToBucharestLocal } from '@/lib/sending/schedule';
import { FormField } from '@/components/auth/form-field';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { putAction } from './put-action';
import { apiCall } from '@/lib/api/client';

const moveFormSchema = rescheduleSchema.pick({ ScheduledAt: true });
type MoveForm = { ScheduledAt: string };

export function ScheduleControls({ groupedMailId, scheduledFor, onChanged }: { groupedMailId: number; scheduledFor: string; onChanged: () => void }) {
  const router = useRouter();
  const [confirming, setConfirming] = React.useState(false);
  const form = useForm<MoveForm>({ resolver: zodResolver(moveFormSchema), defaultValues: { ScheduledAt: utcToBucharestLocal(scheduledFor) } });

  const move = form.handleSubmit(async (v) => {
    await putAction(() => apiCall('PUT /api/MailSend/rescheduleSending', { body: { MailDraftId: groupedMailId, ScheduledAt: v.ScheduledAt } }), 'Trimiterea a fost mutată.', onChanged);
  });

  const cancel = async () => {
    const done = await putAction(() => apiCall('PUT /api/MailSend/cancelScheduledSending', { body: { MailDraftId: groupedMailId } }), 'Programarea a fost anulată; email-ul a redevenit draft.', () =>
      router.push('/Drafturi-email'),
    );
    if (!done) throw new Error('not cancelled');
  };

  return (
    <section className="flex flex-col gap-3 rounded-lg border p-4" aria-labelledby="schedule-controls-title" data-testid="schedule-controls">
      <h3 id="schedule-controls-title" className="text-lg font-semibold">
        Programare
      </h3>
      <form noValidate onSubmit={move} className="flex flex-wrap items-end gap-3">
        <FormField id="reschedule-at" label="Data și ora (ora României)" errors={[form.formState.errors.ScheduledAt?.message]}>
          {(a11y) => <Input {...a11y} type="datetime-local" {...form.register('ScheduledAt')} />}
        </FormField>
        <Button type="submit" variant="outline" disabled={form.formState.isSubmitting}>
          <CalendarClock aria-hidden="true" />
          Mută trimiterea
        </Button>
        <Button type="button" variant="destructive" onClick={() => setConfirming(true)}>
          <XCircle aria-hidden="true" />
          Anulează programarea
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        description="Sigur doriți să anulați această trimitere programată? Niciun mesaj nu va fi trimis, iar email-ul redevine draft."
        onConfirm={cancel}
      />
    </section>
  );
}
