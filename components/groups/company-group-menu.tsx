'use client';

// The group menu of a company for a signed-in user: the three dots on a search card, the group
// button on the company page. It loads the company's groups when opened; a company already in a
// group gets "move" wording and a remove entry (with the shared confirmation).
import * as React from 'react';
import Link from 'next/link';
import { Bell, BellOff, Check, EllipsisVertical, FolderPlus, Trash2 } from 'lucide-react';
import { GROUP_TOASTS, groupsApi, REMOVE_COMPANY_QUESTION, serverMessage } from '@/lib/groups/client';
import type { GroupForCompany } from '@/lib/groups/types';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { useWatch } from '@/components/watch/use-watch';

export type CompanyGroupMenuProps = {
  company: { Cui: number; Name: string };
  /** 'dots' on cards; 'button' on the company page (shows the current group's name). */
  variant?: 'dots' | 'button';
  /** The group the page was rendered with (company page). */
  groupName?: string | null;
};

export function CompanyGroupMenu({ company, variant = 'dots', groupName = null }: CompanyGroupMenuProps) {
  const [open, setOpen] = React.useState(false);
  const [groups, setGroups] = React.useState<GroupForCompany[] | null>(null);
  const [current, setCurrent] = React.useState<string | null>(groupName);
  const [confirming, setConfirming] = React.useState(false);
  // monitoring: follow the company from the same menu (status read when the menu opens)
  const watch = useWatch(company.Cui, open);

  const load = React.useCallback(async () => {
    setGroups(null);
    try {
      const list = await groupsApi.getGroupsForCompany(company.Cui);
      setGroups(list);
      setCurrent(list.find((g) => g.IsSelected)?.GroupName ?? null);
    } catch (e) {
      setGroups([]);
      showErrorToast(serverMessage(e) ?? undefined);
    }
  }, [company.Cui]);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) void load();
  };

  const choose = async (g: GroupForCompany) => {
    if (g.IsSelected) return;
    try {
      await groupsApi.updateOrAddCompanyToGroup(company.Cui, g.GroupId);
      setCurrent(g.GroupName);
      showSuccessToast(GROUP_TOASTS.companyAdded);
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    }
  };

  const remove = async () => {
    try {
      await groupsApi.deleteCompanyFromItsGroup(company.Cui);
      setCurrent(null);
      showSuccessToast(GROUP_TOASTS.companyRemoved);
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
      throw e;
    }
  };

  const isInGroup = groups ? groups.some((g) => g.IsSelected) : current !== null;
  const title = isInGroup ? 'Mută compania în alt grup' : 'Adaugă compania într-un grup';

  return (
    <>
      <DropdownMenu open={open} onOpenChange={onOpenChange}>
        <DropdownMenuTrigger asChild>
          {variant === 'dots' ? (
            <Button variant="ghost" size="icon-sm" aria-label={`Grupuri pentru ${company.Name}`} data-testid="company-group-menu">
              <EllipsisVertical aria-hidden="true" />
            </Button>
          ) : (
            <Button variant="outline" className="self-start" data-testid="group-button">
              <FolderPlus aria-hidden="true" />
              {current ? `Grup: ${current}` : 'Adaugă în grup'}
            </Button>
          )}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-72 max-w-[calc(100vw-2rem)]">
          <DropdownMenuLabel className="text-sm font-semibold">{title}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {groups === null ? (
            <div className="flex items-center gap-2 px-2.5 py-2 text-sm text-muted-foreground" role="status">
              <Spinner /> Se încarcă grupurile…
            </div>
          ) : groups.length === 0 ? (
            <div className="px-2.5 py-2 text-sm text-muted-foreground">
              Nu aveți încă niciun grup.{' '}
              <Link href="/Companii" className="font-medium text-primary underline underline-offset-4">
                Creați un grup
              </Link>
            </div>
          ) : (
            groups.map((g) => (
              <DropdownMenuItem key={g.GroupId} onSelect={() => void choose(g)} aria-current={g.IsSelected ? 'true' : undefined}>
                <Check aria-hidden="true" className={g.IsSelected ? 'text-primary' : 'invisible'} />
                <span className="min-w-0 flex-1 truncate">{g.GroupName}</span>
                {g.IsSelected ? <span className="sr-only"> (grupul actual)</span> : null}
              </DropdownMenuItem>
            ))
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void watch.toggle()} disabled={watch.watched === null || watch.busy} data-testid="watch-menu-item">
            {watch.watched ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
            {watch.watched ? 'Nu mai urmări firma' : 'Urmărește firma'}
          </DropdownMenuItem>
          {isInGroup ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
                <Trash2 aria-hidden="true" /> Șterge din grup
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog open={confirming} onOpenChange={setConfirming} description={REMOVE_COMPANY_QUESTION} onConfirm={remove} />
    </>
  );
}
