import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { GroupsList } from '@/components/groups/groups-list';
import { requirePageRole } from '@/server/auth/page-guard';
import { SIGNED_IN } from '@/server/auth/guard';

export const dynamic = 'force-dynamic';

export default async function GroupsPage() {
  await requirePageRole(SIGNED_IN);
  return (
    <PageContainer>
      <SectionPageHeader title="Grupuri" path="/Grupuri-email" description="Grupurile dumneavoastră și cele în care ați fost invitat." />
      <GroupsList />
    </PageContainer>
  );
}
