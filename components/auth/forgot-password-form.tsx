'use client';

// One e-mail field; on success a popup and, 1.8 s later, advanced search.
import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { forgotPasswordSchema } from '@/lib/auth/schemas';
import { ApiError } from '@/lib/api/client';
import { authApi } from '@/lib/api/auth';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { showErrorToast } from '@/components/layout/toaster';
import { FormAlert, FormField } from '@/components/auth/form-field';
import { SuccessDialog } from '@/components/auth/success-dialog';

/** The original wording had the typo "resetara"; it is fixed (docs/decisions/008). */
const FORGOT_SUCCESS = 'Cererea pentru resetarea parolei a fost trimisă!';
export const REDIRECT_DELAY_MS = 1800;
export const AFTER_RECOVERY_PATH = '/Cautare-avansata';

type Values = z.input<typeof forgotPasswordSchema>;

export function ForgotPasswordForm() {
  const router = useRouter();
  const [sent, setSent] = React.useState(false);
  const [serverError, setServerError] = React.useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof forgotPasswordSchema>>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { Email: '' } });
  const { errors, isSubmitting } = form.formState;

  React.useEffect(() => {
    if (!sent) return;
    const t = setTimeout(() => router.push(AFTER_RECOVERY_PATH), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [sent, router]);

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await authApi.forgotPassword(values);
      setSent(true);
    } catch (e) {
      if (e instanceof ApiError && (e.status === 429 || e.status === 400)) setServerError(e.message);
      else showErrorToast();
    }
  });

  return (
    <>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Recuperarea parolei">
        <FormField id="forgot-email" label="E-mail" errors={[errors.Email?.message]}>
          {(a11y) => <Input type="email" autoComplete="email" {...a11y} {...form.register('Email')} />}
        </FormField>
        <FormAlert message={serverError} />
        <Button type="submit" disabled={isSubmitting || sent}>
          {isSubmitting && <Spinner size="sm" label={null} className="text-current" />}
          Trimite linkul de resetare
        </Button>
      </form>
      <SuccessDialog
        open={sent}
        title={FORGOT_SUCCESS}
        description="Dacă adresa are un cont RadarFirme, vei primi în câteva minute un e-mail cu linkul de resetare (valabil 30 de minute)."
      />
    </>
  );
}
