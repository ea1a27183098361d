import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { InvitationActions } from '@/components/groups/invitation-actions';
import { getInvitationSummary } from '@/server/groups/invitations';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ inviteId: string; groupName: string; groupId: string }> };

export const metadata = { robots: { index: false, follow: false } };

export default async function InvitationPage({ params }: Props) {
  const { inviteId, groupName, groupId } = await params;
  const summary = await getInvitationSummary(inviteId);
  const path = `/Invitatie/${inviteId}/${groupName}/${groupId}`;
  // The group id of the address must be the invitation's own: a link edited by hand shows nothing.
  const valid = summary && String(summary.GroupId) === groupId;
  return (
    <PageContainer>
      <SectionPageHeader title="Invitație în grup" path={path} crumb="Invitație" currentPath={path} />
      {!valid ? (
        <EmptyState title="Invitația nu a fost găsită." description="Linkul nu este corect sau invitația a fost înlocuită de una nouă." />
      ) : !summary.IsOpen ? (
        <EmptyState
          title={summary.Status === 'Expired' ? 'Invitația a expirat.' : 'Invitația a primit deja un răspuns.'}
          description={`Grupul „${summary.GroupName}”. Cereți o invitație nouă dacă doriți să vă alăturați.`}
        />
      ) : (
        <section className="flex max-w-2xl flex-col gap-4 rounded-lg border bg-background p-5 shadow-sm">
          <p className="text-lg">
            {summary.InvitedBy ? `${summary.InvitedBy} v-a invitat` : 'Ați fost invitat'} să{' '}
            <strong>{summary.Access === 'Edit' ? 'editați' : 'vizualizați'}</strong> activitatea grupului <strong>„{summary.GroupName}”</strong>.
          </p>
          <InvitationActions inviteId={inviteId} />
        </section>
      )}
    </PageContainer>
  );
}
