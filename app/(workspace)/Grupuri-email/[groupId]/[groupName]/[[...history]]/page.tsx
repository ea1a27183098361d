import { notFound } from 'next/navigation';
import { PageContainer } from '@/components/layout/page-container';
import { GroupDetails } from '@/components/groups/group-details';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ groupId: string; groupName: string; history?: string[] }> };

export default async function GroupDetailsPage({ params }: Props) {
  const { groupId, history } = await params;
  if (!/^\d{1,9}$/.test(groupId)) notFound();
  return (
    <PageContainer>
      <GroupDetails groupId={Number(groupId)} history={(history?.length ?? 0) > 0} />
    </PageContainer>
  );
}
