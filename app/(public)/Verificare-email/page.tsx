import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { VerifyEmail } from '@/components/auth/verify-email';

export const metadata: Metadata = { title: 'Confirmarea adresei de e-mail', robots: { index: false }, referrer: 'no-referrer' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? '';

// Opened from the link of the verification mail (docs/decisions/036-mail-abuse.md); without a
// token there is nothing to confirm and the visitor goes Home.
export default async function VerifyEmailPage({ searchParams }: Props) {
  const token = first((await searchParams).token);
  if (!token) redirect('/');
  return (
    <PageContainer className="max-w-lg">
      <PageHeader
        breadcrumbs={<Breadcrumbs items={[{ text: 'Acasă', path: '/' }, { text: 'Confirmarea adresei de e-mail', path: '/Verificare-email' }]} />}
        title="Confirmarea adresei de e-mail"
      />
      <VerifyEmail token={token} />
    </PageContainer>
  );
}
