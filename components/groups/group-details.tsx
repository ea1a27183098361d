'use client';

// One group (/Grupuri-email/:groupId/:groupName/:history?): its companies and its email history;
// members and adding companies in dialogs. Switching tabs starts the list afresh.
import * as React from 'react';
import { useRouter } from 'next/navigation';
import { Building2, LogOut, MailQuestion, Users } from 'lucide-react';
import { GROUP_TOASTS, groupsApi, serverMessage } from '@/lib/groups/client';
import type { GroupDetails as GroupDetailsData } from '@/lib/groups/types';
import { getPaginationLayout } from '@/lib/pagination';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeader } from '@/components/layout/page-container';
import { Button } from '@/components/ui/button';
import { WatchGroupButton } from '@/components/watch/watch-group-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSearchForm, ResultCount } from '@/components/ui/list-search-form';
import { LayoutPagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AddCompaniesDialog } from './add-companies-dialog';
import { GroupProspectingActions } from '@/components/prospecting/group-actions';
import { CompanyGroupsTable } from './company-groups-table';
import { GroupEmailHistorySlot } from './email-slots';
import { groupDetailsPath } from '@/lib/groups/paths';
import { MembersDialog } from './members-dialog';
import { PendingInvitationsDialog } from './pending-invitations-dialog';
import { useCompanyGroups, useEditableGroups } from './use-company-groups';

function CompaniesTab({ group, reloadKey, onChanged }: { group: GroupDetailsData; reloadKey: number; onChanged: () => void }) {
  const list = useCompanyGroups(group.Id, 'Name');
  const editable = useEditableGroups(reloadKey);
  const { reload } = list;
  React.useEffect(() => {
    if (reloadKey) reload();
  }, [reloadKey, reload]);
  const changed = React.useCallback(() => {
    reload();
    onChanged();
  }, [reload, onChanged]);
  return (
    <div className="flex flex-col gap-4 pt-4">
      <ListSearchForm id="group-companies-search" label="Căutare în companiile grupului" placeholder="Caută o companie" list={list} />
      <ResultCount count={list.countText} />
      <CompanyGroupsTable
        items={list.items}
        orderBy={list.orderBy}
        onOrderBy={list.setOrderBy}
        sortable={['Name', 'Turnover', 'Profit', 'Employees']}
        showGroup={false}
        moveTargets={editable}
        onChanged={changed}
      />
      <LayoutPagination layout={getPaginationLayout(list.page, list.pages)} onChange={list.setPage} />
    </div>
  );
}

export function GroupDetails({ groupId, history }: { groupId: number; history: boolean }) {
  const router = useRouter();
  const [group, setGroup] = React.useState<GroupDetailsData | null | 'missing'>(null);
  const [tab, setTab] = React.useState(history ? 'istoric' : 'firme');
  const [tabKey, setTabKey] = React.useState(0);
  const [membersOpen, setMembersOpen] = React.useState(false);
  const [adding, setAdding] = React.useState(false);
  const [invitationsOpen, setInvitationsOpen] = React.useState(false);
  const [leaving, setLeaving] = React.useState(false);
  const [reloadKey, setReloadKey] = React.useState(0);

  const load = React.useCallback(() => {
    groupsApi.get(groupId).then(setGroup, () => setGroup('missing'));
  }, [groupId]);
  React.useEffect(load, [load]);

  const onChanged = React.useCallback(() => load(), [load]);

  if (group === null) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (group === 'missing') {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader breadcrumbs={<Breadcrumbs items={[{ text: 'Acasă', path: '/' }, { text: 'Grupuri', path: '/Grupuri-email' }]} />} title="Grupul nu a fost găsit" />
        <EmptyState title="Grupul nu a fost găsit." description="Grupul nu există sau nu aveți acces la el." />
      </div>
    );
  }

  const leave = async () => {
    try {
      await groupsApi.leaveGroup(group.Id);
      showSuccessToast(GROUP_TOASTS.groupLeft);
      router.push('/Grupuri-email');
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
      throw e;
    }
  };

  const changeTab = (next: string) => {
    setTab(next);
    setTabKey((k) => k + 1);
    router.replace(groupDetailsPath(group, next === 'istoric'), { scroll: false });
  };

  const companiesAdded = () => {
    setReloadKey((k) => k + 1);
    load();
  };

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        breadcrumbs={
          <Breadcrumbs
            items={[
              { text: 'Acasă', path: '/' },
              { text: 'Grupuri', path: '/Grupuri-email' },
              { text: group.Name, path: groupDetailsPath(group) },
            ]}
            currentPath={groupDetailsPath(group)}
          />
        }
        title={group.Name}
        description={`${group.Role} · ${group.AccessToEdit ? 'poate edita' : 'doar vizualizare'} · ${group.CompaniesNumber} firme`}
        actions={
          <div className="flex flex-wrap gap-2">
            <WatchGroupButton groupId={group.Id} />
            <Button variant="outline" onClick={() => setMembersOpen(true)}>
              <Users aria-hidden="true" />
              membrii grupului
            </Button>
            {group.AccessToEdit ? (
              <Button variant="outline" onClick={() => setInvitationsOpen(true)}>
                <MailQuestion aria-hidden="true" />
                invitații în așteptare
              </Button>
            ) : null}
            {group.Role === 'Membru' ? (
              <Button variant="outline" onClick={() => setLeaving(true)}>
                <LogOut aria-hidden="true" />
                părăsește grupul
              </Button>
            ) : null}
            <GroupProspectingActions group={group} onAdded={companiesAdded} />
            {group.AccessToEdit ? (
              <Button onClick={() => setAdding(true)}>
                <Building2 aria-hidden="true" />
                adauga companii
              </Button>
            ) : null}
          </div>
        }
      />
      <Tabs value={tab} onValueChange={changeTab}>
        <TabsList aria-label="Secțiunile grupului">
          <TabsTrigger value="firme">firme</TabsTrigger>
          <TabsTrigger value="istoric">istoric email-uri</TabsTrigger>
        </TabsList>
        <TabsContent value="firme">{tab === 'firme' ? <CompaniesTab key={tabKey} group={group} reloadKey={reloadKey} onChanged={onChanged} /> : null}</TabsContent>
        <TabsContent value="istoric">
          {tab === 'istoric' ? (
            <div className="pt-4">
              <GroupEmailHistorySlot key={tabKey} groupId={group.Id} />
            </div>
          ) : null}
        </TabsContent>
      </Tabs>
      <MembersDialog group={membersOpen ? group : null} canEdit={group.AccessToEdit} onOpenChange={setMembersOpen} />
      <PendingInvitationsDialog group={invitationsOpen ? group : null} onOpenChange={setInvitationsOpen} />
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        description={`Sigur doriți să părăsiți grupul „${group.Name}”? Veți putea reveni doar printr-o nouă invitație.`}
        confirmText="Părăsește"
        onConfirm={leave}
      />
      <AddCompaniesDialog
        group={adding ? group : null}
        onOpenChange={setAdding}
        onAdded={companiesAdded}
      />
    </div>
  );
}
