import type { Metadata } from 'next';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { ChangePasswordForm } from '@/components/auth/change-password-form';
import { OwnData } from '@/components/privacy/own-data';

export const metadata: Metadata = { title: 'Schimbă parola', robots: { index: false, follow: false } };

// Signed-in only (server/auth/guard.ts); reached from the user menu, or sent here by the app when
// the account must change its password first.
export default function ChangePasswordPage() {
  return (
    <PageContainer className="max-w-lg">
      <PageHeader
        breadcrumbs={<Breadcrumbs items={[{ text: 'Acasă', path: '/' }, { text: 'Schimbă parola', path: '/Schimbare-parola' }]} />}
        title="Schimbă parola"
        description="După schimbare, celelalte sesiuni ale contului (alte browsere sau dispozitive) se închid; aceasta rămâne deschisă."
      />
      <ChangePasswordForm />
      <OwnData />
    </PageContainer>
  );
}
