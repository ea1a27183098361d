'use client';

// E-mail, password and confirmation, with the token of the link; on success a popup
// and, 1.8 s later, advanced search.
import * as React from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { resetPasswordSchema } from '@/lib/auth/schemas';
import { ApiError } from '@/lib/api/client';
import { authApi } from '@/lib/api/auth';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { showErrorToast } from '@/components/layout/toaster';
import { FormAlert, FormField } from '@/components/auth/form-field';
import { PasswordInput } from '@/components/auth/password-input';
import { SuccessDialog } from '@/components/auth/success-dialog';
import { AFTER_RECOVERY_PATH, REDIRECT_DELAY_MS } from '@/components/auth/forgot-password-form';
import { placeFieldErrors } from '@/components/shared/place-field-errors';

const RESET_SUCCESS = 'Parola a fost schimbată.';

type Values = z.input<typeof resetPasswordSchema>;

export function ResetPasswordForm({ email, token }: { email: string; token: string }) {
  const router = useRouter();
  const [done, setDone] = React.useState(false);
  const [serverError, setServerError] = React.useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof resetPasswordSchema>>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { Email: email, Password: '', ConfirmPassword: '', Code: token },
  });
  const { errors, isSubmitting } = form.formState;

  React.useEffect(() => {
    if (!done) return;
    const t = setTimeout(() => router.push(AFTER_RECOVERY_PATH), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [done, router]);

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await authApi.resetPassword(values);
      setDone(true);
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) {
        if (!placeFieldErrors(e, ['Email', 'Password', 'ConfirmPassword'], form.setError)) setServerError(e.message);
      } else showErrorToast();
    }
  });

  return (
    <>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Resetarea parolei">
        <input type="hidden" {...form.register('Code')} />
        <FormField id="reset-email" label="E-mail" errors={[errors.Email?.message]}>
          {(a11y) => <Input type="email" autoComplete="email" {...a11y} {...form.register('Email')} />}
        </FormField>
        <FormField id="reset-password" label="Parola nouă" errors={[errors.Password?.message]}>
          {(a11y) => <PasswordInput autoComplete="new-password" {...a11y} {...form.register('Password')} />}
        </FormField>
        <FormField id="reset-confirm" label="Confirmă parola" errors={[errors.ConfirmPassword?.message]}>
          {(a11y) => <PasswordInput autoComplete="new-password" {...a11y} {...form.register('ConfirmPassword')} />}
        </FormField>
        <FormAlert message={serverError} />
        {serverError && (
          <p className="text-sm">
            <Link href="/Parola-uitata" className="font-medium text-primary underline-offset-4 hover:underline">
              Cere un link nou
            </Link>
          </p>
        )}
        <Button type="submit" disabled={isSubmitting || done}>
          {isSubmitting && <Spinner size="sm" label={null} className="text-current" />}
          Schimbă parola
        </Button>
      </form>
      <SuccessDialog open={done} title={RESET_SUCCESS} description="Te poți autentifica acum cu parola nouă." />
    </>
  );
}
