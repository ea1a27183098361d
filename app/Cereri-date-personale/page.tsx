import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { TakedownQueue } from '@/components/privacy/takedown-queue';

// Admin only (the proxy guards the route; the API checks the role again).
export const metadata: Metadata = { title: 'Cereri de date personale', robots: { index: false, follow: false } };

export default function TakedownRequestsPage() {
  return (
    <PageContainer>
      <SectionPageHeader
        title="Cereri de date personale"
        path="/Cereri-date-personale"
        description="Cererile confirmate de ascundere a datelor unei persoane. O cerere acceptată ascunde persoana imediat, și după importurile următoare."
      />
      <TakedownQueue />
    </PageContainer>
  );
}
