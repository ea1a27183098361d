'use client';

// The takedown request (docs/decisions/059): on /date-personale and in the company page's dialog.
// The schema is the server's; the request counts once the requester opens the mailed link.
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { TAKEDOWN_REASON_MAX, takedownSchema, type TakedownInput } from '@/lib/privacy/takedown';
import { ApiError, apiCall } from '@/lib/api/client';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { FormAlert, FormField } from '@/components/auth/form-field';

const empty = (cui: number | null): TakedownInput => ({
  CompanyCUI: cui ?? '',
  PersonName: '',
  PersonEmail: '',
  PersonPhone: '',
  RequesterEmail: '',
  Reason: '',
  Confirm: false,
});

/** `cui` given (the company page): the company is fixed and not asked; `defaultCui` only fills the field. */
export function TakedownForm({
  cui,
  defaultCui = null,
  idPrefix = 'takedown',
  onDone,
}: {
  cui: number | null;
  defaultCui?: number | null;
  idPrefix?: string;
  onDone?: (message: string) => void;
}) {
  const [busy, setBusy] = React.useState(false);
  const [sent, setSent] = React.useState<string | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const form = useForm<TakedownInput, unknown, z.output<typeof takedownSchema>>({ resolver: zodResolver(takedownSchema), defaultValues: empty(cui ?? defaultCui) });
  const { errors } = form.formState;
  const id = (name: string) => `${idPrefix}-${name}`;

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    setFailure(null);
    try {
      const res = await apiCall('POST /api/Privacy/requestTakedown', { body: values, background: true });
      setSent(res.Message);
      onDone?.(res.Message);
    } catch (e) {
      setFailure(e instanceof ApiError && e.body?.Message ? e.body.Message : 'Cererea nu a putut fi trimisă. Încercați din nou peste câteva minute.');
    } finally {
      setBusy(false);
    }
  });

  if (sent) {
    return (
      <p role="status" className="rounded-md border border-success-strong/30 bg-success-soft px-3 py-2 text-sm text-success-strong" data-testid="takedown-sent">
        {sent}
      </p>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Cerere de ascundere a datelor personale">
      <FormAlert message={failure} />
      {cui == null ? (
        <FormField id={id('cui')} label="CUI-ul companiei" errors={[errors.CompanyCUI?.message]}>
          {(a11y) => <Input inputMode="numeric" {...a11y} {...form.register('CompanyCUI')} />}
        </FormField>
      ) : null}
      <FormField id={id('name')} label="Numele persoanei" errors={[errors.PersonName?.message]}>
        {(a11y) => <Input autoComplete="off" {...a11y} {...form.register('PersonName')} />}
      </FormField>
      <FormField id={id('email')} label="E-mailul persoanei afișat pe site (opțional)" errors={[errors.PersonEmail?.message]}>
        {(a11y) => <Input type="email" autoComplete="off" {...a11y} {...form.register('PersonEmail')} />}
      </FormField>
      <FormField id={id('phone')} label="Telefonul persoanei afișat pe site (opțional)" errors={[errors.PersonPhone?.message]}>
        {(a11y) => <Input type="tel" autoComplete="off" {...a11y} {...form.register('PersonPhone')} />}
      </FormField>
      <FormField id={id('requester')} label="E-mailul dumneavoastră (pentru confirmare)" errors={[errors.RequesterEmail?.message]}>
        {(a11y) => <Input type="email" autoComplete="email" {...a11y} {...form.register('RequesterEmail')} />}
      </FormField>
      <FormField id={id('reason')} label="Motivul (opțional)" errors={[errors.Reason?.message]}>
        {(a11y) => <Textarea rows={3} maxLength={TAKEDOWN_REASON_MAX + 10} {...a11y} {...form.register('Reason')} />}
      </FormField>
      <div className="flex flex-col gap-1">
        <div className="flex items-start gap-2">
          <input
            id={id('confirm')}
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-primary"
            aria-invalid={!!errors.Confirm}
            aria-describedby={errors.Confirm ? id('confirm-error') : undefined}
            {...form.register('Confirm')}
          />
          <label htmlFor={id('confirm')} className="text-sm">
            Sunt persoana vizată sau o reprezint, iar datele din cerere sunt corecte.
          </label>
        </div>
        {errors.Confirm ? (
          <p id={id('confirm-error')} className="text-sm text-destructive">
            {errors.Confirm.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={busy} className="self-start">
        {busy ? <Spinner size="sm" className="text-current" label="Se trimite" /> : null}
        Trimite cererea
      </Button>
    </form>
  );
}
