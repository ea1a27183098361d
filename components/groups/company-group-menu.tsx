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
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
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

/**
 * True below 640 px where matchMedia answers (false on the server and in tests without it): there
 * the picker is a full-screen sheet with 44 px rows instead of a dropdown (decision 093).
 */
function useIsPhone(): boolean {
  return React.useSyncExternalStore(
    (cb) => {
      const mq = window.matchMedia?.('(max-width: 639.98px)');
      mq?.addEventListener('change', cb);
      return () => mq?.removeEventListener('change', cb);
    },
    () => window.matchMedia?.('(max-width: 639.98px)').matches ?? false,
    () => false,
  );
}

export function CompanyGroupMenu({ company, variant = 'dots', groupName = null }: CompanyGroupMenuProps) {
  const [open, setOpen] = React.useState(false);
  const [groups, setGroups] = React.useState<GroupForCompany[] | null>(null);
  const [current, setCurrent] = React.useState<string | null>(groupName);
  const [confirming, setConfirming] = React.useState(false);
  // monitoring: follow the company from the same menu (status read when the menu opens)
  const watch = useWatch(company.Cui, open);
  const isPhone = useIsPhone();

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

  const trigger =
    variant === 'dots' ? (
      <Button variant="ghost" size="icon-sm" className="max-md:size-11" aria-label={`Grupuri pentru ${company.Name}`} data-testid="company-group-menu">
        <EllipsisVertical aria-hidden="true" />
      </Button>
    ) : (
      <Button variant="outline" className="self-start" data-testid="group-button">
        <FolderPlus aria-hidden="true" />
        {current ? `Grup: ${current}` : 'Adaugă în grup'}
      </Button>
    );
  const confirm = <ConfirmDialog open={confirming} onOpenChange={setConfirming} description={REMOVE_COMPANY_QUESTION} onConfirm={remove} />;

  if (isPhone) {
    return (
      <>
        <Dialog open={open} onOpenChange={onOpenChange}>
          <DialogTrigger asChild>{trigger}</DialogTrigger>
          <DialogContent variant="sheet" data-testid="group-picker">
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>{company.Name}</DialogDescription>
            </DialogHeader>
            {groups === null ? (
              <GroupsLoading className="flex items-center gap-2 text-sm text-muted-foreground" />
            ) : groups.length === 0 ? (
              <NoGroupsYet className="text-sm text-muted-foreground" />
            ) : (
              <ul className="flex flex-col gap-1" aria-label="Grupurile dumneavoastră">
                {groups.map((g) => (
                  <li key={g.GroupId}>
                    <Button
                      variant={g.IsSelected ? 'secondary' : 'ghost'}
                      className="h-11 w-full justify-start"
                      aria-current={g.IsSelected ? 'true' : undefined}
                      onClick={() => {
                        if (g.IsSelected) return;
                        setOpen(false);
                        void choose(g);
                      }}
                    >
                      <Check aria-hidden="true" className={g.IsSelected ? 'text-primary' : 'invisible'} />
                      <span className="min-w-0 flex-1 truncate text-left">{g.GroupName}</span>
                      {g.IsSelected ? <span className="sr-only"> (grupul actual)</span> : null}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={() => void watch.toggle()} disabled={watch.watched === null || watch.busy} aria-pressed={watch.watched ?? false} data-testid="watch-menu-item">
                {watch.watched ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
                {watch.watched ? 'Nu mai urmări firma' : 'Urmărește firma'}
              </Button>
              {isInGroup ? (
                <Button
                  variant="outline"
                  className="text-destructive"
                  onClick={() => {
                    // One dialog at a time: the sheet closes before the confirmation opens.
                    setOpen(false);
                    setConfirming(true);
                  }}
                >
                  <Trash2 aria-hidden="true" /> Șterge din grup
                </Button>
              ) : null}
            </DialogFooter>
          </DialogContent>
        </Dialog>
        {confirm}
      </>
    );
  }

  return (
    <>
      <DropdownMenu open={open} onOpenChange={onOpenChange}>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-72 max-w-[calc(100vw-2rem)]">
          <DropdownMenuLabel className="text-sm font-semibold">{title}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {/* A menu holds menu items only (axe's aria-required-children): the loading line and the way to a first group are items here. */}
          {groups === null ? (
            <DropdownMenuItem disabled>
              <Spinner size="sm" label={null} /> Se încarcă grupurile…
            </DropdownMenuItem>
          ) : groups.length === 0 ? (
            <DropdownMenuItem asChild>
              <Link href="/Companii">Nu aveți încă niciun grup. Creați un grup</Link>
            </DropdownMenuItem>
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
      {confirm}
    </>
  );
}

/** The groups are still loading (the sheet of a phone and the menu of a desktop say the same). */
function GroupsLoading({ className }: { className: string }) {
  return (
    <p className={className} role="status">
      <Spinner /> Se încarcă grupurile…
    </p>
  );
}

/** The user has no group yet: the way to make one. */
function NoGroupsYet({ className }: { className: string }) {
  return (
    <p className={className}>
      Nu aveți încă niciun grup.{' '}
      <Link href="/Companii" className="font-medium text-primary underline underline-offset-4">
        Creați un grup
      </Link>
    </p>
  );
}
