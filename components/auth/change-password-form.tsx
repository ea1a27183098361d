'use client';

// The signed-in user's password change (POST /api/Auth/changePassword): the current password,
// the new one twice, the same zod schema the server parses. Other sessions end on the server; this
// one stays. A forced change (an admin created with the published password) says why it is asked.
import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { changePasswordSchema } from '@/lib/auth/schemas';
import { ApiError } from '@/lib/api/client';
import { authApi } from '@/lib/api/auth';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { showErrorToast } from '@/components/layout/toaster';
import { FormAlert, FormField } from '@/components/auth/form-field';
import { PasswordInput } from '@/components/auth/password-input';
import { useAuth } from '@/components/auth/auth-provider';
import { placeFieldErrors } from '@/components/shared/place-field-errors';

type Values = z.input<typeof changePasswordSchema>;
const FIELDS = ['CurrentPassword', 'Password', 'ConfirmPassword'] as const;

export function ChangePasswordForm() {
  const router = useRouter();
  const { user, ready, reloadUser } = useAuth();
  const [serverError, setServerError] = React.useState<string | null>(null);
  const [done, setDone] = React.useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof changePasswordSchema>>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { CurrentPassword: '', Password: '', ConfirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const forced = !!user?.MustChangePassword;

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    setDone(null);
    try {
      const res = await authApi.changePassword(values);
      form.reset();
      setDone(res.Message);
      const wasForced = forced;
      await reloadUser();
      if (wasForced) router.push('/');
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) {
        if (!placeFieldErrors(e, FIELDS, form.setError)) setServerError(e.message);
      } else if (e instanceof ApiError && e.status === 429) setServerError(e.message);
      else showErrorToast();
    }
  });

  return (
    <div className="flex flex-col gap-4">
      {ready && forced && (
        <p role="alert" data-testid="forced-change" className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
          Contul a fost creat cu parola publicată în documentație. Alegeți o parolă nouă înainte de a continua.
        </p>
      )}
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Schimbarea parolei">
        <FormField id="change-current" label="Parola curentă" errors={[errors.CurrentPassword?.message]}>
          {(a11y) => <PasswordInput autoComplete="current-password" {...a11y} {...form.register('CurrentPassword')} />}
        </FormField>
        <FormField id="change-password" label="Parola nouă" errors={[errors.Password?.message]}>
          {(a11y) => <PasswordInput autoComplete="new-password" {...a11y} {...form.register('Password')} />}
        </FormField>
        <FormField id="change-confirm" label="Confirmă parola nouă" errors={[errors.ConfirmPassword?.message]}>
          {(a11y) => <PasswordInput autoComplete="new-password" {...a11y} {...form.register('ConfirmPassword')} />}
        </FormField>
        <FormAlert message={serverError} />
        {done && (
          <p role="status" data-testid="change-password-done" className="rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm">
            {done}
          </p>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner size="sm" label={null} className="text-current" />}
          Schimbă parola
        </Button>
      </form>
    </div>
  );
}
