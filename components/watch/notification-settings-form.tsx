'use client';

// Per kind of change: off, in the feed, or in the feed and by e-mail; e-mails one by one or as a
// daily digest at a chosen hour (Europe/Bucharest). The form and PUT updateSettings parse the same schema.
import * as React from 'react';
import { useForm, useWatch as useFormValue } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { serverMessage } from '@/lib/groups/client';
import { notificationApi } from '@/lib/watch/client';
import { CHANGE_KINDS, CHANGE_KIND_LABELS, CHANNELS, CHANNEL_LABELS, EMAIL_MODES, EMAIL_MODE_LABELS } from '@/lib/watch/kinds';
import { notificationSettingsSchema, type NotificationSettingsInput } from '@/lib/watch/schemas';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { NativeSelect } from './native-select';

type Values = z.input<typeof notificationSettingsSchema>;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

export function NotificationSettingsForm() {
  const form = useForm<Values, unknown, NotificationSettingsInput>({ resolver: zodResolver(notificationSettingsSchema) });
  const [ready, setReady] = React.useState(false);
  const enabled = useFormValue({ control: form.control, name: 'EmailEnabled' });
  const { reset } = form;
  React.useEffect(() => {
    notificationApi
      .getSettings()
      .then((s) => {
        reset(s);
        setReady(true);
      })
      .catch((e) => showErrorToast(serverMessage(e) ?? undefined));
  }, [reset]);

  const save = form.handleSubmit(async (values) => {
    try {
      showSuccessToast((await notificationApi.updateSettings(values)).Message);
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    }
  });

  if (!ready) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner /> Se încarcă setările…
      </p>
    );
  }
  return (
    <form onSubmit={save} className="flex max-w-3xl flex-col gap-6" noValidate>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-semibold">Ce modificări vă anunțăm</legend>
        {CHANGE_KINDS.map((k) => (
          <div key={k} className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
            <Label htmlFor={`kind-${k}`}>{CHANGE_KIND_LABELS[k]}</Label>
            <NativeSelect id={`kind-${k}`} className="sm:w-64" {...form.register(`Kinds.${k}`)}>
              {CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {CHANNEL_LABELS[c]}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-semibold">E-mailuri</legend>
        <div className="flex items-center gap-2">
          <Checkbox
            id="email-enabled"
            checked={enabled}
            onCheckedChange={(v) => form.setValue('EmailEnabled', v === true, { shouldDirty: true })}
          />
          <Label htmlFor="email-enabled">Primesc notificări pe e-mail</Label>
        </div>
        <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
          <Label htmlFor="email-mode">Cum primesc e-mailurile</Label>
          <NativeSelect id="email-mode" className="sm:w-64" {...form.register('EmailMode')}>
            {EMAIL_MODES.map((m) => (
              <option key={m} value={m}>
                {EMAIL_MODE_LABELS[m]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
          <Label htmlFor="digest-hour">Ora rezumatului zilnic (ora României)</Label>
          <NativeSelect id="digest-hour" className="sm:w-64" aria-describedby={form.formState.errors.DigestHour ? 'digest-hour-error' : undefined} {...form.register('DigestHour')}>
            {HOURS.map((h) => (
              <option key={h} value={h}>
                {String(h).padStart(2, '0')}:00
              </option>
            ))}
          </NativeSelect>
        </div>
        {form.formState.errors.DigestHour ? (
          <p id="digest-hour-error" className="text-sm text-destructive">
            {form.formState.errors.DigestHour.message}
          </p>
        ) : null}
      </fieldset>
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Salvează setările
        </Button>
      </div>
    </form>
  );
}
