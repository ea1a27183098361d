'use client';

// Shown on every page to a signed-in user whose address is not confirmed (036): why campaigns and
// invitations are refused, and a button that mails a new link (the server limits how often).
import * as React from 'react';
import { MailWarning } from 'lucide-react';
import { ApiError } from '@/lib/api/client';
import { authApi } from '@/lib/api/auth';
import { Button } from '@/components/ui/button';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { useAuth } from '@/components/auth/auth-provider';

export const VERIFY_BANNER_TEXT =
  'Confirmă adresa de e-mail a contului: până atunci nu poți trimite campanii de e-mail sau invitații în grupuri. Ți-am trimis un link de confirmare pe e-mail.';

export function EmailVerificationBanner() {
  const { user } = useAuth();
  const [sending, setSending] = React.useState(false);
  if (!user || user.EmailVerified !== false) return null;

  const resend = async () => {
    setSending(true);
    try {
      const res = await authApi.resendVerification();
      showSuccessToast(res.Message);
    } catch (e) {
      showErrorToast(e instanceof ApiError ? e.message : undefined);
    } finally {
      setSending(false);
    }
  };

  return (
    <section
      aria-label="Confirmarea adresei de e-mail"
      data-testid="email-verification-banner"
      className="border-b border-amber-300 bg-amber-50 text-amber-950"
    >
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 text-sm">
          <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{VERIFY_BANNER_TEXT}</span>
        </p>
        <Button type="button" size="sm" variant="outline" onClick={() => void resend()} disabled={sending} className="self-start sm:self-auto">
          {sending ? 'Se trimite…' : 'Retrimite e-mailul de confirmare'}
        </Button>
      </div>
    </section>
  );
}
