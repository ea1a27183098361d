import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { UsersAdmin } from '@/components/users/users-admin';
import { requirePageRole } from '@/server/auth/page-guard';

// The proxy already sends anyone but an Admin Home; the page checks again (the session cookie,
// read in the database), so it is rendered per request.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Administrarea utilizatorilor',
  robots: { index: false, follow: false },
};

export default async function UsersPage() {
  const actor = await requirePageRole(['Admin']);
  return (
    <PageContainer>
      <SectionPageHeader
        title="Administrarea utilizatorilor"
        path="/Utilizatori"
        crumb="Utilizatori"
        description="Rolurile, accesul și datele conturilor, cu contactele adăugate de fiecare utilizator."
      />
      <UsersAdmin currentUserId={actor.userId} />
    </PageContainer>
  );
}
