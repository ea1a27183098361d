'use client';

import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { registerSchema } from '@/lib/auth/schemas';
import { ApiError } from '@/lib/api/client';
import { authApi } from '@/lib/api/auth';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { showErrorToast } from '@/components/layout/toaster';
import { FormAlert, FormField } from '@/components/auth/form-field';
import { PasswordInput } from '@/components/auth/password-input';
import { placeFieldErrors } from '@/components/shared/place-field-errors';

type Values = z.input<typeof registerSchema>;
const FIELDS = ['UserName', 'Email', 'Password', 'ConfirmPassword'] as const;

export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const [serverError, setServerError] = React.useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(registerSchema),
    defaultValues: { UserName: '', Email: '', Password: '', ConfirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const res = await authApi.register(values);
      onRegistered(res.Email);
    } catch (e) {
      if (!(e instanceof ApiError)) return showErrorToast();
      // A 409 shows the server's text under the name and e-mail fields.
      if (e.status === 409 || e.status === 400) {
        if (!placeFieldErrors(e, FIELDS, form.setError)) setServerError(e.message);
      } else if (e.status === 429) setServerError(e.message);
      else showErrorToast();
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Înregistrare">
      <FormField id="register-username" label="Nume utilizator" errors={[errors.UserName?.message]}>
        {(a11y) => <Input autoComplete="username" {...a11y} {...form.register('UserName')} />}
      </FormField>
      <FormField id="register-email" label="E-mail" errors={[errors.Email?.message]}>
        {(a11y) => <Input type="email" autoComplete="email" {...a11y} {...form.register('Email')} />}
      </FormField>
      <FormField id="register-password" label="Parolă" errors={[errors.Password?.message]}>
        {(a11y) => <PasswordInput autoComplete="new-password" {...a11y} {...form.register('Password')} />}
      </FormField>
      <FormField id="register-confirm" label="Confirmă parola" errors={[errors.ConfirmPassword?.message]}>
        {(a11y) => <PasswordInput autoComplete="new-password" {...a11y} {...form.register('ConfirmPassword')} />}
      </FormField>
      <p className="text-xs text-muted-foreground">
        Parola trebuie să aibă cel puțin 8 caractere, cu o literă mare, o literă mică, o cifră și un caracter din # $ ^ + = ! * ( ) @ % &amp; _.
      </p>
      <FormAlert message={serverError} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" label={null} className="text-current" />}
        Creează cont
      </Button>
    </form>
  );
}
