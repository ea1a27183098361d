import type { Metadata } from 'next';
import { SectionPage } from '@/components/ui/page-header';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';

export const metadata: Metadata = { alternates: { canonical: '/Parola-uitata' }, robots: { index: false } };

export default function ForgotPasswordPage() {
  return (
    <SectionPage className="max-w-lg" title="Ai uitat parola?" crumb="Parolă uitată" path="/Parola-uitata" description="Scrie adresa de e-mail a contului și îți trimitem un link pentru a alege o parolă nouă.">
      <ForgotPasswordForm />
    </SectionPage>
  );
}
