import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { AuditLog } from '@/components/privacy/audit-log';

// Admin only (the proxy guards the route; the API checks the role again).
export const metadata: Metadata = { title: 'Jurnal de audit', robots: { index: false, follow: false } };

export default function AuditPage() {
  return (
    <PageContainer>
      <SectionPageHeader
        title="Jurnal de audit"
        path="/Jurnal-audit"
        description="Acțiunile administratorilor: cine, când, ce și valoarea anterioară. Jurnalul nu poate fi modificat."
      />
      <AuditLog />
    </PageContainer>
  );
}
