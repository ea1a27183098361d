import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { UsersAdmin } from '@/components/users/users-admin';
import { requirePageAudience } from '@/server/auth/page-guard';

// The page needs the actor (the Admin's own row offers no role or access change); it reads it
// through the same audience check as its layout, once per request.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Administrarea utilizatorilor',
  robots: { index: false, follow: false },
};

export default async function UsersPage() {
  const actor = await requirePageAudience('admin');
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
