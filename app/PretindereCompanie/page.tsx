import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { ClaimsReview } from '@/components/claims/claims-review';

// Admin only (the proxy guards the route; the API checks the role again).
export const metadata: Metadata = { title: 'Cereri de pretindere a companiei', robots: { index: false, follow: false } };

export default function ClaimRequestsPage() {
  return (
    <PageContainer>
      <SectionPageHeader
        title="Cereri de pretindere a companiei"
        path="/PretindereCompanie"
        description="Aprobați sau respingeți cererile prin care utilizatorii pretind o companie. Solicitantul primește decizia prin e-mail."
      />
      <ClaimsReview />
    </PageContainer>
  );
}
