'use client';

// One follow-up step of a sending (issue 28): a template sent N days later to the recipients who
// did not open it (or did not click); whoever unsubscribed or bounced meanwhile is left out.
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatDateTime } from '@/lib/format';
import { followUpFormSchema } from '@/lib/sending/schemas';
import type { FollowUpInfo } from '@/lib/sending/types';
import { templatesApi } from '@/lib/templates/client';
import type { MailTemplateListItem } from '@/lib/templates/types';
import { FormField } from '@/components/auth/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useLoad } from '@/components/users/use-load';
import { putAction } from './put-action';
import { apiCall } from '@/lib/api/client';

type Form = { MailTemplateId: number; Days: number; Condition: FollowUpInfo['Condition'] };

const CONDITION_TEXT: Record<FollowUpInfo['Condition'], string> = {
  NotOpened: 'cei care nu au deschis email-ul',
  NotClicked: 'cei care nu au dat click pe niciun link',
};
const STATUS_TEXT: Record<FollowUpInfo['Status'], string> = { Pending: 'programat', Done: 'trimis', Cancelled: 'anulat' };
const SELECT = 'h-10 w-full rounded-md border border-input bg-background px-3 text-sm aria-invalid:border-destructive';

function describeFollowUp(f: FollowUpInfo): string {
  return `Follow-up „${f.TemplateName}” după ${f.Days} ${f.Days === 1 ? 'zi' : 'zile'}, către ${CONDITION_TEXT[f.Condition]}: ${STATUS_TEXT[f.Status]} (${formatDateTime(f.DueAt)}).`;
}

export function FollowUpControls({ groupedMailId, followUp, onChanged }: { groupedMailId: number; followUp: FollowUpInfo | null; onChanged: () => void }) {
  const templates = useLoad<MailTemplateListItem[]>('templates', () => templatesApi.list({ OrderBy: '', SearchText: '', PageNumber: 1 }).then((r) => r.Items)).data ?? [];
  const form = useForm<Form>({
    resolver: zodResolver(followUpFormSchema) as never,
    defaultValues: { MailTemplateId: followUp?.TemplateId, Days: followUp?.Days ?? 3, Condition: followUp?.Condition ?? 'NotOpened' },
  });

  const save = form.handleSubmit(async (v) => {
    await putAction(() => apiCall('PUT /api/MailSend/setFollowUp', { body: { GroupedMailId: groupedMailId, ...v } }), 'Follow-up-ul a fost programat.', onChanged);
  });
  const cancel = () => putAction(() => apiCall('PUT /api/MailSend/cancelFollowUp', { body: { GroupedMailId: groupedMailId } }), 'Follow-up-ul a fost anulat.', onChanged);
  const errors = form.formState.errors;
  const editable = followUp?.Status !== 'Done';

  return (
    <section className="flex flex-col gap-3 rounded-lg border p-4" aria-labelledby="follow-up-title" data-testid="follow-up">
      <h3 id="follow-up-title" className="text-lg font-semibold">
        Follow-up
      </h3>
      {followUp ? <p className="text-sm">{describeFollowUp(followUp)}</p> : <p className="text-sm text-muted-foreground">Niciun follow-up programat.</p>}
      {editable ? (
        <form noValidate onSubmit={save} className="grid gap-3 sm:grid-cols-[2fr_1fr_2fr_auto] sm:items-end">
          <FormField id="follow-up-template" label="Template" errors={[errors.MailTemplateId?.message]}>
            {(a11y) => (
              <select {...a11y} {...form.register('MailTemplateId')} className={SELECT}>
                <option value="">Alegeți un template</option>
                {templates.map((t) => (
                  <option key={t.Id} value={t.Id}>
                    {t.Name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id="follow-up-days" label="După (zile)" errors={[errors.Days?.message]}>
            {(a11y) => <Input {...a11y} type="number" min={1} max={60} {...form.register('Days')} />}
          </FormField>
          <FormField id="follow-up-condition" label="Către" errors={[errors.Condition?.message]}>
            {(a11y) => (
              <select {...a11y} {...form.register('Condition')} className={SELECT}>
                <option value="NotOpened">{CONDITION_TEXT.NotOpened}</option>
                <option value="NotClicked">{CONDITION_TEXT.NotClicked}</option>
              </select>
            )}
          </FormField>
          <div className="flex gap-2">
            <Button type="submit" disabled={form.formState.isSubmitting}>
              Programează follow-up
            </Button>
            {followUp?.Status === 'Pending' ? (
              <Button type="button" variant="outline" onClick={() => void cancel()}>
                Anulează follow-up
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}
