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
import { SettingSelect } from './native-select';

type Values = z.input<typeof notificationSettingsSchema>;
const HOUR_OPTIONS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }));
const CHANNEL_OPTIONS = CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }));
const MODE_OPTIONS = EMAIL_MODES.map((m) => ({ value: m, label: EMAIL_MODE_LABELS[m] }));

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
          <SettingSelect key={k} id={`kind-${k}`} label={CHANGE_KIND_LABELS[k]} options={CHANNEL_OPTIONS} {...form.register(`Kinds.${k}`)} />
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
        <SettingSelect id="email-mode" label="Cum primesc e-mailurile" options={MODE_OPTIONS} {...form.register('EmailMode')} />
        <SettingSelect
          id="digest-hour"
          label="Ora rezumatului zilnic (ora României)"
          options={HOUR_OPTIONS}
          aria-describedby={form.formState.errors.DigestHour ? 'digest-hour-error' : undefined}
          {...form.register('DigestHour')}
        />
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
