'use client';

// The "Listă firme" tab of the draft page: the draft's companies with their group and the
// addresses they give the sender; search, group filter, add companies, add groups, remove one.
import * as React from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Building2, Check, FolderPlus, Trash2, X } from 'lucide-react';
import { DRAFT_TOASTS, draftsApi } from '@/lib/drafts/client';
import type { DraftCompany, DraftGroups } from '@/lib/drafts/types';
import { errorToastText } from '@/lib/templates/client';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { ListFooter } from '@/components/ui/list-footer';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { actionsColumn } from '@/components/ui/data-table-cards';
import { SortablePagedList } from '@/components/ui/sortable-paged-list';
import { ListSearchForm, ResultCount } from '@/components/ui/list-search-form';
import { usePagedList } from '@/components/ui/use-paged-list';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { ConfirmRemoveDialog } from '@/components/shared/confirm-remove-dialog';
import { CompanySearch, type PickedCompany } from './company-search';
import { CompanyTabLink } from '@/components/shared/company-tab-link';

const SORTABLE: Record<string, string> = { Name: 'Nume firmă', GroupName: 'Grupul firmei', HasMail: 'Are email-uri' };

export function DraftCompanies({ draftId, onCountChange }: { draftId: number; onCountChange: (count: number) => void }) {
  const [groupId, setGroupId] = React.useState<number | null>(null);
  const list = usePagedList((q) => draftsApi.companies({ ...q, GroupedMailId: draftId, GroupId: groupId }), {
    defaultOrder: 'Name',
    onError: (e) => showErrorToast(errorToastText(e)),
    deps: [draftId, groupId],
  });
  const { data } = list;
  const [groups, setGroups] = React.useState<DraftGroups | null>(null);
  const [groupsKey, setGroupsKey] = React.useState(0);
  const [removing, setRemoving] = React.useState<DraftCompany | null>(null);
  const [addingCompanies, setAddingCompanies] = React.useState(false);
  const [addingGroups, setAddingGroups] = React.useState(false);
  const onCountRef = React.useRef(onCountChange);
  React.useEffect(() => {
    onCountRef.current = onCountChange;
  });

  React.useEffect(() => {
    let live = true;
    draftsApi.groups(draftId).then(
      (g) => {
        if (!live) return;
        setGroups(g);
        onCountRef.current(g.DraftCompaniesNumber);
      },
      () => live && setGroups({ Groups: [], DraftCompaniesNumber: 0 }),
    );
    return () => {
      live = false;
    };
  }, [draftId, groupsKey]);

  // After an add or a remove: the companies and the group counts.
  const reload = () => {
    list.reload();
    setGroupsKey((k) => k + 1);
  };

  const columns = React.useMemo<ColumnDef<DraftCompany>[]>(
    () => [
      {
        id: 'Name',
        header: SORTABLE.Name,
        cell: ({ row }) => (
          <CompanyTabLink cui={row.original.CompanyCui} name={row.original.Name} className="font-medium hover:text-primary hover:underline">
            {row.original.Name}
            <span className="sr-only"> (se deschide într-o filă nouă)</span>
          </CompanyTabLink>
        ),
        meta: { card: 'title' },
      },
      { id: 'GroupName', header: SORTABLE.GroupName, cell: ({ row }) => row.original.GroupName ?? '-', meta: { card: 'subtitle' } },
      {
        id: 'HasMail',
        header: SORTABLE.HasMail,
        cell: ({ row }) =>
          row.original.HasMail ? (
            <span className="inline-flex items-center gap-1 text-success-strong" data-has-mail="true">
              <Check className="size-5" aria-hidden="true" />
              <span className="sr-only">Da</span>
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 text-destructive" data-has-mail="false">
              <X className="size-5" aria-hidden="true" />
              <span className="sr-only">Nu</span>
            </span>
          ),
      },
      {
        id: 'Email',
        header: 'Email-uri',
        cell: ({ row }) =>
          row.original.Mails.length ? (
            <ul className="flex flex-col gap-0.5 break-all">
              {row.original.Mails.map((m) => (
                <li key={m.Mail}>{m.Mail}</li>
              ))}
            </ul>
          ) : (
            <span className="text-muted-foreground">Fără adresă: nu va primi email-ul</span>
          ),
      },
      actionsColumn<DraftCompany>({
        header: () => <span className="sr-only">Acțiuni</span>,
        actions: (c) => [{ id: 'remove', label: 'Șterge din draft', ariaLabel: `Șterge ${c.Name} din draft`, icon: Trash2, destructive: true, onSelect: () => setRemoving(c) }],
      }),
    ],
    [],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: data?.Items ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (c) => String(c.MailSendId) });

  const filterGroups = (groups?.Groups ?? []).filter((g) => g.DraftCompaniesNumber > 0);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <ListSearchForm id="draft-companies-search" label="Căutare firme în draft" placeholder="Caută o firmă" list={list} buttonVariant="outline" className="flex-1" />
        <div className="flex flex-col gap-1">
          <Label htmlFor="draft-group-filter" className="text-xs text-muted-foreground">
            Grupul firmei
          </Label>
          <Select
            value={groupId === null ? 'all' : String(groupId)}
            onValueChange={(v) => {
              list.setPage(1);
              setGroupId(v === 'all' ? null : Number(v));
            }}
          >
            <SelectTrigger id="draft-group-filter" className="w-full lg:w-64">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">Toate ({groups?.DraftCompaniesNumber ?? 0})</SelectItem>
              {filterGroups.map((g) => (
                <SelectItem key={g.Id} value={String(g.Id)}>
                  {g.Name} ({g.DraftCompaniesNumber})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setAddingCompanies(true)}>
            <Building2 aria-hidden="true" />
            Adaugă firme
          </Button>
          <Button variant="outline" onClick={() => setAddingGroups(true)}>
            <FolderPlus aria-hidden="true" />
            Adaugă grupuri
          </Button>
        </div>
      </div>
      <ResultCount count={data?.Count ?? null} />
      <SortablePagedList table={table} list={list} sortable={SORTABLE} label="Firmele draft-ului" rowName={(c) => c.Name} loading={data === null} cardTestId="draft-company-card" />
      <ListFooter list={list} emptyDescription="Adăugați firme sau grupuri cărora să le trimiteți email-ul." />
      <ConfirmRemoveDialog
        item={removing}
        onClose={() => setRemoving(null)}
        describe={(c) => `Sigur doriți să ștergeți firma „${c.Name}” din acest draft?`}
        remove={(c) => draftsApi.removeCompany(c.MailSendId)}
        success={DRAFT_TOASTS.companyRemoved}
        reload={reload}
        errorText={errorToastText}
      />
      <AddCompaniesDialog open={addingCompanies} onOpenChange={setAddingCompanies} draftId={draftId} onAdded={reload} />
      <AddGroupsDialog open={addingGroups} onOpenChange={setAddingGroups} draftId={draftId} groups={groups} onAdded={reload} />
    </div>
  );
}

type AddDialogProps = { open: boolean; onOpenChange: (o: boolean) => void; draftId: number; onAdded: () => void };

/**
 * The frame of the two add dialogs: closing it clears the picks; Adaugă adds them to the draft,
 * then toasts, clears, closes and reloads the draft's companies (a refusal toasts the server's words).
 */
function AddToDraftDialog({
  open,
  onOpenChange,
  draftId,
  onAdded,
  title,
  description,
  picks,
  clear,
  success,
  children,
}: AddDialogProps & {
  title: string;
  description: string;
  picks: { CompanyIds: number[]; GroupIds: number[] };
  clear: () => void;
  success: string;
  children: React.ReactNode;
}) {
  const [saving, setSaving] = React.useState(false);
  const confirm = async () => {
    setSaving(true);
    try {
      await draftsApi.edit({ Id: draftId, ...picks });
      showSuccessToast(success);
      clear();
      onOpenChange(false);
      onAdded();
    } catch (e) {
      showErrorToast(errorToastText(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) clear();
        onOpenChange(o);
      }}
    >
      <DialogContent size="area">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Renunță</Button>
          </DialogClose>
          <Button onClick={() => void confirm()} disabled={picks.CompanyIds.length + picks.GroupIds.length === 0 || saving}>
            Adaugă
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function AddCompaniesDialog(props: AddDialogProps) {
  const [picked, setPicked] = React.useState<PickedCompany[]>([]);
  const toggle = (c: PickedCompany, on: boolean) => setPicked((prev) => (on ? [...prev.filter((p) => p.Cui !== c.Cui), c] : prev.filter((p) => p.Cui !== c.Cui)));
  return (
    <AddToDraftDialog
      {...props}
      title="Adaugă firme"
      description="Căutați firmele după nume sau CUI și bifați-le pe cele cărora le trimiteți email-ul."
      picks={{ CompanyIds: picked.map((c) => c.Cui), GroupIds: [] }}
      clear={() => setPicked([])}
      success={DRAFT_TOASTS.companiesAdded}
    >
      <CompanySearch
        id="draft-add-company"
        label="Caută firme"
        renderResult={(c) => {
          const id = `pick-${c.Cui}`;
          return (
            <div className="flex items-center gap-2">
              <Checkbox id={id} checked={picked.some((p) => p.Cui === c.Cui)} onCheckedChange={(v) => toggle(c, v === true)} />
              <Label htmlFor={id} className="font-normal">
                {c.Name} <span className="text-muted-foreground">(CUI {c.Cui})</span>
              </Label>
            </div>
          );
        }}
      />
      {picked.length ? (
        <p className="text-sm" aria-live="polite">
          Alese: {picked.map((p) => p.Name).join(', ')}
        </p>
      ) : null}
    </AddToDraftDialog>
  );
}

function AddGroupsDialog({ groups, ...props }: AddDialogProps & { groups: DraftGroups | null }) {
  const [picked, setPicked] = React.useState<Set<number>>(new Set());
  const list = groups?.Groups ?? [];
  return (
    <AddToDraftDialog
      {...props}
      title="Adaugă grupuri"
      description="Firmele grupurilor bifate se adaugă în draft. Se pot alege doar grupurile care au firme."
      picks={{ CompanyIds: [], GroupIds: [...picked] }}
      clear={() => setPicked(new Set())}
      success={DRAFT_TOASTS.groupsAdded}
    >
      {list.length === 0 ? (
        <EmptyState title="Nu există elemente!" compact />
      ) : (
        <ul className="flex max-h-80 flex-col gap-2 overflow-y-auto" aria-label="Grupurile dumneavoastră">
          {list.map((g) => {
            const id = `pick-group-${g.Id}`;
            return (
              <li key={g.Id} className="flex items-center gap-2">
                {g.CompaniesNumber > 0 ? (
                  <Checkbox
                    id={id}
                    checked={picked.has(g.Id)}
                    onCheckedChange={(v) =>
                      setPicked((prev) => {
                        const next = new Set(prev);
                        if (v === true) next.add(g.Id);
                        else next.delete(g.Id);
                        return next;
                      })
                    }
                  />
                ) : (
                  <span className="inline-block size-4" aria-hidden="true" />
                )}
                {g.CompaniesNumber > 0 ? (
                  <Label htmlFor={id} className="font-normal">
                    {g.Name} <span className="text-muted-foreground">({g.CompaniesNumber} firme)</span>
                  </Label>
                ) : (
                  <span className="text-sm text-muted-foreground">{g.Name} (fără firme)</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </AddToDraftDialog>
  );
}
