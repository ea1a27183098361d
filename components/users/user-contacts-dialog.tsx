'use client';

// The contacts a user added, for an Admin: search by representative, a searchable company picker
// ("Toate" is Cui -1; typing asks the server, which answers at most 100 companies, so a user with
// more companies still reaches each one), sortable columns, the Private switch (with a
// confirmation) and pagination.
import * as React from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { DEFAULT_SORTS } from '@/lib/company-rules';
import { getPaginationLayout } from '@/lib/pagination';
import { ALL_COMPANIES } from '@/lib/users/schemas';
import { USER_CONFIRMS, USER_EMPTY_CONTACTS, USER_TOASTS, contactsModalTitle } from '@/lib/users/texts';
import type { CompanyWithUserContacts, UserContact, UserListItem } from '@/lib/users/types';
import { SearchBox } from '@/components/company-details/search-box';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { useAsyncOptions } from '@/components/ui/use-async-options';
import { Label } from '@/components/ui/label';
import { LayoutPagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { DataTable, useServerTable } from './data-table';
import { useLoad } from './use-load';
import { usersApi } from './users-api';
import { CompanyTabLink } from '@/components/shared/company-tab-link';

const dash = (v: string | null) => (v && v.trim() ? v : '-');

export function UserContactsDialog({ user, onClose }: { user: UserListItem | null; onClose: () => void }) {
  return (
    <Dialog open={user != null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="area" data-testid="user-contacts-dialog">
        {user && <ContactsBody key={user.Id} user={user} />}
      </DialogContent>
    </Dialog>
  );
}

function ContactsBody({ user }: { user: UserListItem }) {
  const [text, setText] = React.useState('');
  const [query, setQuery] = React.useState<{ SearchText: string; Cui: number; OrderBy: string; PageNumber: number }>({
    SearchText: '',
    Cui: ALL_COMPANIES,
    OrderBy: DEFAULT_SORTS.userContacts,
    PageNumber: 1,
  });
  const companies = useAsyncOptions<CompanyWithUserContacts>(
    (searchText) => usersApi.getCompanies(user.Id, searchText.trim()),
    (c) => ({ value: String(c.Cui), label: c.Company }),
    String(user.Id),
    () => showErrorToast(),
  );
  const [company, setCompany] = React.useState<ComboboxOption | null>(null);
  const [reload, setReload] = React.useState(0);
  const [pending, setPending] = React.useState<UserContact | null>(null);

  const request = { ...query, UserId: user.Id };
  const { data: page, loading } = useLoad(JSON.stringify([request, reload]), (signal) => usersApi.getUserContacts(request, signal));

  const columns = React.useMemo<ColumnDef<UserContact, unknown>[]>(
    () => [
      {
        id: 'CompanyName',
        header: 'Companie',
        // As in every table of the area (spec 002 §2): the company page, in a new tab.
        cell: ({ row }) => (
          <CompanyTabLink cui={row.original.Cui} name={row.original.CompanyName} className="font-medium text-primary hover:underline">
            {row.original.CompanyName}
          </CompanyTabLink>
        ),
        meta: { sortKey: 'CompanyName', className: 'min-w-40', card: 'title' },
      },
      { id: 'Name', header: 'Nume', cell: ({ row }) => dash(row.original.Name), meta: { sortKey: 'Name', card: 'subtitle' } },
      { id: 'Role', header: 'Rol', cell: ({ row }) => dash(row.original.Role) },
      { id: 'PhoneNumber', header: 'Telefon', cell: ({ row }) => <span className="whitespace-nowrap">{dash(row.original.PhoneNumber)}</span>, meta: { sortKey: 'PhoneNumber' } },
      { id: 'Email', header: 'Email', cell: ({ row }) => <span className="whitespace-nowrap">{dash(row.original.Email)}</span>, meta: { sortKey: 'Email' } },
      {
        id: 'Private',
        header: 'Privat',
        cell: ({ row }) => (
          <Switch
            checked={row.original.Private}
            aria-label={`Contact privat: ${row.original.Name ?? row.original.CompanyName}`}
            onCheckedChange={() => setPending(row.original)}
          />
        ),
      },
    ],
    [],
  );
  const table = useServerTable(page?.Items ?? [], columns, (c) => String(c.Id));

  const setPrivacy = async () => {
    if (!pending) return;
    const next = !pending.Private;
    try {
      await usersApi.updatePrivacy({ Private: next, Id: pending.Id });
      showSuccessToast(next ? USER_TOASTS.contactPrivate : USER_TOASTS.contactPublic);
      setReload((r) => r + 1);
    } catch {
      showErrorToast();
      throw new Error('failed');
    }
  };

  const search = () => setQuery((q) => ({ ...q, SearchText: text.trim(), PageNumber: 1 }));
  const title = contactsModalTitle(user.Name);

  return (
    <>
      <DialogHeader>
        <DialogTitle title={user.Name}>{title}</DialogTitle>
        <DialogDescription>Contactele pe care utilizatorul le-a adăugat firmelor, cu vizibilitatea lor.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <span className="text-sm leading-none font-medium" aria-hidden="true">
            Reprezentant
          </span>
          <SearchBox value={text} onChange={setText} onSearch={search} label="Caută un reprezentant" />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label id="user-contacts-company-label" htmlFor="user-contacts-company">
            Companie
          </Label>
          <Combobox
            id="user-contacts-company"
            aria-labelledby="user-contacts-company-label"
            options={companies.options}
            loading={companies.loading}
            value={company?.value ?? null}
            selectedOption={company}
            allOption
            modal
            searchPlaceholder="Caută compania…"
            onSearchChange={companies.load}
            onOpenChange={(open) => open && companies.load('')}
            onValueChange={(value, option) => {
              setCompany(value === null ? null : option);
              setQuery((q) => ({ ...q, Cui: value === null ? ALL_COMPANIES : Number(value), PageNumber: 1 }));
            }}
          />
        </div>
      </div>
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {loading ? 'Se încarcă contactele…' : `Rezultate: ${page?.Count ?? 0}`}
      </p>
      {!page && loading ? (
        <div className="flex flex-col gap-2" data-testid="user-contacts-loading">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : page && page.Items.length === 0 && !loading ? (
        <EmptyState compact title={USER_EMPTY_CONTACTS} />
      ) : (
        <DataTable
          table={table}
          orderBy={query.OrderBy}
          onSort={(OrderBy) => setQuery((q) => ({ ...q, OrderBy, PageNumber: 1 }))}
          testId="user-contacts-table"
          caption={title}
          className={loading ? 'opacity-60' : undefined}
          cards={{ rowName: (c) => c.Name ?? c.CompanyName, rowTestId: 'user-contact-card' }}
        />
      )}
      <LayoutPagination
        layout={getPaginationLayout(query.PageNumber, page?.NumberOfPages ?? 0)}
        onChange={(PageNumber) => setQuery((q) => ({ ...q, PageNumber }))}
        aria-label="Paginare contacte"
      />
      <ConfirmDialog
        open={pending != null}
        onOpenChange={(open) => !open && setPending(null)}
        description={pending?.Private ? USER_CONFIRMS.contactPublic : USER_CONFIRMS.contactPrivate}
        destructive={!pending?.Private}
        onConfirm={setPrivacy}
      />
    </>
  );
}
