'use client';

import * as React from 'react';
import Link from 'next/link';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { loginSchema } from '@/lib/auth/schemas';
import { ApiError, type TokenPair } from '@/lib/api/client';
import { authApi } from '@/lib/api/auth';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { showErrorToast } from '@/components/layout/toaster';
import { FormAlert, FormField } from '@/components/auth/form-field';
import { PasswordInput } from '@/components/auth/password-input';

const ACCESS_DENIED = 'Acces neautorizat!';
const SIGNED_IN_TEXT = 'Te-ai autentificat cu succes!';

type Values = z.input<typeof loginSchema>;

export function LoginForm({
  defaultEmail,
  rememberMe,
  onRememberMeChange,
  onSignedIn,
  onForgotPassword,
}: {
  defaultEmail?: string;
  /** "Ține-mă minte": also used by the provider buttons, so the modal holds it. */
  rememberMe: boolean;
  onRememberMeChange: (value: boolean) => void;
  onSignedIn: (tokens: TokenPair) => Promise<void>;
  onForgotPassword: () => void;
}) {
  const [serverError, setServerError] = React.useState<string | null>(null);
  const [done, setDone] = React.useState(false);
  const form = useForm<Values, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { Email: defaultEmail ?? '', Password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const tokens = await authApi.login({ ...values, RememberMe: rememberMe });
      setDone(true);
      await onSignedIn(tokens);
    } catch (e) {
      if (!(e instanceof ApiError)) return showErrorToast();
      // Bad credentials show the server's text under the form (the spec's server used 500
      // for them; ours answers 401), 403 is the "access denied" toast, a 429 explains the wait.
      if (e.status === 401 || e.status === 429) setServerError(e.message);
      else if (e.status === 403) showErrorToast(ACCESS_DENIED);
      else if (e.status === 500) {
        setServerError(e.message);
        showErrorToast();
      } else if (e.status === 400) setServerError(e.message);
      else showErrorToast();
    }
  });

  if (done) {
    return (
      <p role="status" className="rounded-md bg-success-soft px-3 py-3 text-center text-sm font-medium text-success-strong">
        {SIGNED_IN_TEXT}
      </p>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Autentificare">
      <FormField id="login-email" label="E-mail" errors={[errors.Email?.message]}>
        {(a11y) => <Input type="email" autoComplete="email" {...a11y} {...form.register('Email')} />}
      </FormField>
      <FormField id="login-password" label="Parolă" errors={[errors.Password?.message]}>
        {(a11y) => <PasswordInput autoComplete="current-password" {...a11y} {...form.register('Password')} />}
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Checkbox id="login-remember" checked={rememberMe} onCheckedChange={(v) => onRememberMeChange(v === true)} />
          <Label htmlFor="login-remember" className="font-normal">
            Ține-mă minte
          </Label>
        </div>
        <Link href="/Parola-uitata" onClick={onForgotPassword} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Ai uitat parola?
        </Link>
      </div>
      <FormAlert message={serverError} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" label={null} className="text-current" />}
        Autentificare
      </Button>
    </form>
  );
}
