import type { Metadata } from 'next';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';

export const metadata: Metadata = { alternates: { canonical: '/Parola-uitata' }, robots: { index: false } };

export default function ForgotPasswordPage() {
  return (
    <PageContainer className="max-w-lg">
      <PageHeader
        breadcrumbs={<Breadcrumbs items={[{ text: 'Acasă', path: '/' }, { text: 'Parolă uitată', path: '/Parola-uitata' }]} />}
        title="Ai uitat parola?"
        description="Scrie adresa de e-mail a contului și îți trimitem un link pentru a alege o parolă nouă."
      />
      <ForgotPasswordForm />
    </PageContainer>
  );
}
