import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { ConfirmTakedown } from '@/components/privacy/confirm-takedown';

export const metadata: Metadata = { title: 'Confirmarea cererii de date personale', robots: { index: false, follow: false }, referrer: 'no-referrer' };

export default async function ConfirmTakedownPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (!token) redirect('/date-personale');
  return (
    <PageContainer className="max-w-lg">
      <SectionPageHeader title="Confirmarea cererii" path="/date-personale/confirmare" />
      <ConfirmTakedown token={token} />
    </PageContainer>
  );
}
