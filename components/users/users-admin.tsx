'use client';

// The users administration screen: search (Enter), the filters, the list as a table on wide
// screens and as cards on phones, and per user the role dropdown (changes at once), the access
// switch and the delete button (each after a confirmation), the edit modal and the contacts modal.
// An Admin's own row cannot be blocked, demoted or deleted (the server refuses it too).
import * as React from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Contact, Pencil, Trash2 } from 'lucide-react';
import { formatDate } from '@/lib/format';
import { getPaginationLayout } from '@/lib/pagination';
import { EMPTY_USER_FILTERS, INITIAL_USERS_STATE, hasAnyFilter, toUsersQuery, type UsersListState } from '@/lib/users/filters';
import { USER_CONFIRMS, USER_TOASTS } from '@/lib/users/texts';
import type { RoleDto, UserListItem } from '@/lib/users/types';
import { SearchBox } from '@/components/company-details/search-box';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LayoutPagination } from '@/components/ui/pagination';
import { OptionSelect } from '@/components/ui/option-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { RowActionButtons, type RowAction } from '@/components/ui/data-table-cards';
import { DataTable, useServerTable } from './data-table';
import { EditUserDialog } from './edit-user-dialog';
import { UserContactsDialog } from './user-contacts-dialog';
import { UserFiltersModal, UserFiltersPanel } from './user-filters';
import { useLoad } from './use-load';
import { usersApi } from './users-api';

type Pending = { kind: 'block' | 'unblock' | 'delete'; user: UserListItem } | null;

type RowActions = {
  roles: RoleDto[];
  currentUserId: number;
  busyId: number | null;
  changeRole: (user: UserListItem, roleId: number) => void;
  askAccess: (user: UserListItem) => void;
  openContacts: (user: UserListItem) => void;
  openEdit: (user: UserListItem) => void;
  askDelete: (user: UserListItem) => void;
};

function RoleSelect({ user, a }: { user: UserListItem; a: RowActions }) {
  const self = user.Id === a.currentUserId;
  return (
    <OptionSelect
      size="sm"
      className="w-28"
      aria-label={`Rolul utilizatorului ${user.Name}`}
      title={self ? 'Nu vă puteți schimba propriul rol.' : undefined}
      value={String(user.RoleId)}
      valueText={user.Role}
      onValueChange={(v) => a.changeRole(user, Number(v))}
      disabled={self || a.busyId === user.Id}
      options={(a.roles.length ? a.roles : [{ Id: user.RoleId, Name: user.Role }]).map((r) => ({ value: String(r.Id), label: r.Name }))}
    />
  );
}

function AccessSwitch({ user, a }: { user: UserListItem; a: RowActions }) {
  const self = user.Id === a.currentUserId;
  return (
    <Switch
      checked={user.IsBlocked}
      disabled={self || a.busyId === user.Id}
      onCheckedChange={() => a.askAccess(user)}
      aria-label={`Acces restricționat: ${user.Name}`}
      title={self ? 'Nu vă puteți restricționa propriul acces.' : undefined}
    />
  );
}

/** A user's actions: icon buttons on the table, the card's menu on a phone. */
function rowActionsOf(user: UserListItem, a: RowActions): RowAction[] {
  const self = user.Id === a.currentUserId;
  return [
    { id: 'contacts', label: 'Contacte', ariaLabel: `Contactele utilizatorului ${user.Name}`, icon: Contact, onSelect: () => a.openContacts(user) },
    { id: 'edit', label: 'Modifică', ariaLabel: `Modifică utilizatorul ${user.Name}`, icon: Pencil, onSelect: () => a.openEdit(user) },
    // One's own account cannot be deleted (the server refuses it too).
    { id: 'delete', label: 'Șterge', ariaLabel: `Șterge utilizatorul ${user.Name}`, icon: Trash2, destructive: true, disabled: self, onSelect: () => a.askDelete(user) },
  ];
}

function NameCell({ user }: { user: UserListItem }) {
  return (
    <div className="flex min-w-0 flex-col">
      <span className="font-medium break-words text-foreground">{user.Name}</span>
      <span className="text-xs break-all text-muted-foreground">{user.Email}</span>
    </div>
  );
}

export function UsersAdmin({ currentUserId }: { currentUserId: number }) {
  const [state, setState] = React.useState<UsersListState>(INITIAL_USERS_STATE);
  const [draft, setDraft] = React.useState(EMPTY_USER_FILTERS);
  const [text, setText] = React.useState('');
  const [reload, setReload] = React.useState(0);
  const [roles, setRoles] = React.useState<RoleDto[]>([]);
  const [busyId, setBusyId] = React.useState<number | null>(null);
  const [pending, setPending] = React.useState<Pending>(null);
  const [editing, setEditing] = React.useState<UserListItem | null>(null);
  const [contactsOf, setContactsOf] = React.useState<UserListItem | null>(null);

  React.useEffect(() => {
    usersApi.getRoles().then(setRoles, () => showErrorToast());
  }, []);

  const query = toUsersQuery(state);
  const { data: page, loading } = useLoad(JSON.stringify([query, reload]), async (signal) => {
    const answer = await usersApi.getUsers(query, signal);
    // A delete emptied the last page: step back to the last page that has rows (as usePagedList
    // does for the other lists) instead of showing "Nu există elemente!" over a non-zero count.
    if (answer.Items.length === 0 && query.PageNumber > 1 && answer.NumberOfPages > 0 && !signal.aborted) {
      setState((s) => (s.PageNumber === query.PageNumber ? { ...s, PageNumber: answer.NumberOfPages } : s));
    }
    return answer;
  });

  const refresh = () => setReload((r) => r + 1);
  // The Caută button applies the chosen filters and the typed text; Enter in the search box
  // (spec 002 §2.11: "submitted on Enter") searches the text with the filters already applied.
  const apply = () => setState((s) => ({ ...s, filters: draft, SearchText: text, PageNumber: 1 }));
  const searchText = () => setState((s) => ({ ...s, SearchText: text, PageNumber: 1 }));
  const reset = () => {
    setDraft(EMPTY_USER_FILTERS);
    setState((s) => ({ ...s, filters: EMPTY_USER_FILTERS, PageNumber: 1 }));
  };

  const actions: RowActions = {
    roles,
    currentUserId,
    busyId,
    changeRole: async (user, roleId) => {
      if (roleId === user.RoleId) return;
      setBusyId(user.Id);
      try {
        await usersApi.updateUserRole({ RoleId: roleId, UserId: user.Id });
        showSuccessToast(USER_TOASTS.roleChanged);
        refresh();
      } catch {
        showErrorToast();
      } finally {
        setBusyId(null);
      }
    },
    askAccess: (user) => setPending({ kind: user.IsBlocked ? 'unblock' : 'block', user }),
    openContacts: setContactsOf,
    openEdit: setEditing,
    askDelete: (user) => setPending({ kind: 'delete', user }),
  };

  const confirm = async () => {
    if (!pending) return;
    const { kind, user } = pending;
    try {
      if (kind === 'delete') {
        await usersApi.deleteUser(user.Id);
        showSuccessToast(USER_TOASTS.deleted);
      } else {
        await usersApi.updateUserAccess({ IsBlocked: kind === 'block', UserId: user.Id });
        showSuccessToast(kind === 'block' ? USER_TOASTS.blocked : USER_TOASTS.unblocked);
      }
      refresh();
    } catch {
      showErrorToast();
      throw new Error('failed');
    }
  };

  const columns = React.useMemo<ColumnDef<UserListItem, unknown>[]>(
    () => [
      { id: 'Name', header: 'Nume', cell: ({ row }) => <NameCell user={row.original} />, meta: { sortKey: 'Name', className: 'min-w-48', card: 'title' } },
      { id: 'GroupsNumber', header: 'Grupuri', cell: ({ row }) => row.original.GroupsNumber, meta: { sortKey: 'GroupsNumber', className: 'text-center' } },
      { id: 'ContactsNumber', header: 'Contacte', cell: ({ row }) => row.original.ContactsNumber, meta: { sortKey: 'ContactsNumber', className: 'text-center' } },
      {
        id: 'AccountCreatedDate',
        header: 'Data creării',
        cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.AccountCreatedDate)}</span>,
        meta: { sortKey: 'AccountCreatedDate' },
      },
      // These cells take the current handlers from the table's meta, so the columns are built once.
      { id: 'Role', header: 'Rol', cell: ({ row, table }) => <RoleSelect user={row.original} a={(table.options.meta as { a: RowActions }).a} /> },
      { id: 'IsBlocked', header: 'Acces restricționat', cell: ({ row, table }) => <AccessSwitch user={row.original} a={(table.options.meta as { a: RowActions }).a} /> },
      {
        id: 'Actions',
        header: 'Acțiuni',
        cell: ({ row, table }) => <RowActionButtons actions={rowActionsOf(row.original, (table.options.meta as { a: RowActions }).a)} />,
        meta: { card: 'actions', rowActions: (user) => rowActionsOf(user, latest.current) },
      },
    ],
    [],
  );
  // The card menu reads the handlers of the last render (the columns are built once).
  const latest = React.useRef(actions);
  React.useLayoutEffect(() => {
    latest.current = actions;
  });
  const table = useServerTable(page?.Items ?? [], columns, (u) => String(u.Id), { a: actions });

  const appliedHasFilter = hasAnyFilter(state.filters);
  const filterProps = { draft, onDraftChange: setDraft, roles, onSearch: apply, onReset: reset, appliedHasFilter };
  const empty = page != null && page.Items.length === 0 && !loading;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <SearchBox className="w-full md:max-w-md" value={text} onChange={setText} onSearch={searchText} label="Caută un utilizator" />
        <UserFiltersModal {...filterProps} />
      </div>
      <UserFiltersPanel {...filterProps} />

      <p aria-live="polite" className="text-sm text-muted-foreground" data-testid="users-count">
        {loading ? 'Se încarcă utilizatorii…' : `Rezultate: ${page?.Count ?? 0}`}
      </p>

      {!page && loading ? (
        <div className="flex flex-col gap-2" data-testid="users-loading">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : empty ? (
        <EmptyState title="Nu există elemente!" />
      ) : (
        <DataTable
          table={table}
          orderBy={state.OrderBy}
          onSort={(OrderBy) => setState((s) => ({ ...s, OrderBy, PageNumber: 1 }))}
          testId="users-table"
          caption="Utilizatori"
          className={loading ? 'opacity-60' : undefined}
          rowTestId={(row) => `user-row-${row.original.Id}`}
          cards={{ rowName: (u) => u.Name, rowTestId: 'user-card' }}
        />
      )}

      <LayoutPagination
        layout={getPaginationLayout(state.PageNumber, page?.NumberOfPages ?? 0)}
        onChange={(PageNumber) => setState((s) => ({ ...s, PageNumber }))}
        aria-label="Paginare utilizatori"
      />

      <ConfirmDialog
        open={pending != null}
        onOpenChange={(open) => !open && setPending(null)}
        description={pending ? USER_CONFIRMS[pending.kind] : ''}
        destructive={pending?.kind !== 'unblock'}
        onConfirm={confirm}
      />
      <EditUserDialog
        user={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
      <UserContactsDialog user={contactsOf} onClose={() => setContactsOf(null)} />
    </div>
  );
}
