import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { CompaniesInGroups } from '@/components/groups/companies-in-groups';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ groupId?: string[] }> };

export default async function CompaniesPage({ params }: Props) {
  const raw = (await params).groupId?.[0];
  const groupId = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  return (
    <PageContainer>
      <SectionPageHeader title="Companii" path="/Companii" description="Companiile din grupurile dumneavoastră și din grupurile partajate cu dumneavoastră." />
      <CompaniesInGroups initialGroupId={groupId} />
    </PageContainer>
  );
}
