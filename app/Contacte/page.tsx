import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { AdminContacts } from '@/components/contacts/admin-contacts';

// Admin only (the proxy guards the route; the API checks the role again).
export const metadata: Metadata = { title: 'Administrarea contactelor', robots: { index: false, follow: false } };

export default function AdminContactsPage() {
  return (
    <PageContainer>
      <SectionPageHeader
        title="Administrarea contactelor"
        path="/Contacte"
        crumb="Contacte"
        description="Căutați companiile după date de contact și rețele sociale, apoi modificați-le contactele."
      />
      <AdminContacts />
    </PageContainer>
  );
}
