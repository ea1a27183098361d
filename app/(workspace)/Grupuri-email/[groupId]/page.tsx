import { notFound } from 'next/navigation';
import { PageContainer } from '@/components/layout/page-container';
import { GroupDetails } from '@/components/groups/group-details';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ groupId: string }> };

/** `/Grupuri-email/:groupId` without the name segment: the same group page (the name is only for people). */
export default async function GroupDetailsWithoutNamePage({ params }: Props) {
  const { groupId } = await params;
  if (!/^\d{1,9}$/.test(groupId)) notFound();
  return (
    <PageContainer>
      <GroupDetails groupId={Number(groupId)} history={false} />
    </PageContainer>
  );
}
