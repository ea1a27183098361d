'use client';

// Companies in groups as a TanStack table: the name opens the company page in a new tab; editors
// move a company to another group (the current one marked) or remove it after a confirmation.
import * as React from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { FolderInput, MessageSquare, Trash2 } from 'lucide-react';
import { CAEN_DESCRIPTION_CUT } from '@/lib/groups/schemas';
import { GROUP_TOASTS, groupsApi, REMOVE_COMPANY_QUESTION, serverMessage } from '@/lib/groups/client';
import type { CompanyGroup, GroupForEdit } from '@/lib/groups/types';
import { formatNumber, formatRon } from '@/lib/format';
import { companyPath } from '@/lib/slug';
import { cutText } from '@/lib/text';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { actionsColumn, DataTableCards, DataTableSortSelect, ResponsiveList } from '@/components/ui/data-table-cards';
import { Skeleton } from '@/components/ui/skeleton';
import { SortableTableHead, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { CommentsDialog, type CommentTarget } from './comments-dialog';
import { useInCrm } from '@/components/crm/use-in-crm';
import { Badge } from '@/components/ui/badge';
import { directionOf, nextOrder } from '@/lib/shared/sort-order';

type CompanyGroupsTableProps = {
  items: CompanyGroup[] | null;
  orderBy: string;
  onOrderBy: (orderBy: string) => void;
  /** Sortable columns: the companies page sorts by figures; the group page by name too. */
  sortable: ReadonlyArray<'Name' | 'Turnover' | 'Profit' | 'Employees'>;
  showGroup?: boolean;
  /** The order select above the cards; off where the toolbar already orders the list (/Companii). */
  phoneSort?: boolean;
  /** Groups a company may be moved to (those the user may edit). */
  moveTargets: GroupForEdit[];
  onChanged: () => void;
};

const SORT_LABELS = { Name: 'Nume firmă', Turnover: 'Cifra de afaceri', Profit: 'Profit', Employees: 'Angajați' } as const;

// The CRM marks arrive after the rows (useInCrm). Read through a context, they leave the column
// definitions as they are: rebuilt columns are new cell components, and React would remount every
// cell of the table (an open row menu with it, see RowActionsCell) just to add a badge.
const InCrmContext = React.createContext<ReadonlySet<number>>(new Set());

function CuiCell({ cui }: { cui: number }) {
  const inCrm = React.useContext(InCrmContext);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="tabular-nums">{cui}</span>
      {inCrm.has(cui) ? (
        <Badge variant="secondary" className="whitespace-nowrap" data-testid="in-crm">
          deja în CRM
        </Badge>
      ) : null}
    </span>
  );
}

export function CompanyGroupsTable({ items, orderBy, onOrderBy, sortable, showGroup = true, phoneSort = true, moveTargets, onChanged }: CompanyGroupsTableProps) {
  const [comments, setComments] = React.useState<CommentTarget | null>(null);
  const [removing, setRemoving] = React.useState<CompanyGroup | null>(null);
  const inCrm = useInCrm(React.useMemo(() => (items ?? []).map((r) => r.Cui), [items]));

  const move = React.useCallback(
    async (row: CompanyGroup, groupId: number) => {
      if (groupId === row.GroupId) return;
      try {
        await groupsApi.updateCompanyGroup(row.CompanyGroupId, groupId);
        showSuccessToast(GROUP_TOASTS.companyMoved);
        onChanged();
      } catch (e) {
        showErrorToast(serverMessage(e) ?? undefined);
      }
    },
    [onChanged],
  );

  const columns = React.useMemo<ColumnDef<CompanyGroup>[]>(() => {
    const cols: ColumnDef<CompanyGroup>[] = [
      {
        id: 'Name',
        header: SORT_LABELS.Name,
        cell: ({ row }) => (
          <a href={companyPath(row.original.Cui, row.original.Name)} target="_blank" rel="noopener" className="inline-block min-w-40 font-medium text-foreground underline-offset-4 hover:text-primary hover:underline">
            {row.original.Name}
            <span className="sr-only"> (se deschide într-o filă nouă)</span>
          </a>
        ),
        meta: { card: 'title' },
      },
      {
        id: 'Cui',
        header: 'CUI',
        cell: ({ row }) => <CuiCell cui={row.original.Cui} />,
        meta: { card: 'subtitle' },
      },
      { id: 'Turnover', header: SORT_LABELS.Turnover, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatRon(row.original.Turnover)}</span> },
      {
        id: 'Profit',
        header: SORT_LABELS.Profit,
        cell: ({ row }) => <span className={row.original.Profit < 0 ? 'whitespace-nowrap text-destructive tabular-nums' : 'whitespace-nowrap tabular-nums'}>{formatRon(row.original.Profit)}</span>,
      },
      { id: 'Employees', header: SORT_LABELS.Employees, cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.Employees)}</span> },
    ];
    if (showGroup) cols.push({ id: 'Group', header: 'Grup', cell: ({ row }) => <span className="inline-block min-w-28">{row.original.GroupName}</span>, meta: { card: 'subtitle' } });
    cols.push(
      {
        id: 'Caen',
        header: 'Coduri CAEN',
        cell: ({ row }) =>
          row.original.CaenCode ? (
            <span title={row.original.CaenDescription ?? undefined} className="inline-block min-w-56">
              <span className="font-medium">{row.original.CaenCode}</span>
              {row.original.CaenDescription ? ` - ${cutText(row.original.CaenDescription, CAEN_DESCRIPTION_CUT)}` : ''}
            </span>
          ) : (
            '-'
          ),
        meta: { card: 'detail' },
      },
      actionsColumn<CompanyGroup>({
        actions: (r) => [
          {
            id: 'comments',
            label: 'Comentarii',
            ariaLabel: `Comentarii pentru ${r.Name}`,
            icon: MessageSquare,
            onSelect: () => setComments({ CompanyGroupId: r.CompanyGroupId, Cui: r.Cui, Name: r.Name, AccessToEdit: r.AccessToEdit }),
          },
          ...(r.AccessToEdit
            ? [
                {
                  id: 'move',
                  label: 'Mută în alt grup',
                  ariaLabel: `Mută ${r.Name} în alt grup`,
                  icon: FolderInput,
                  choices: moveTargets.map((g) => ({ id: String(g.Id), label: g.Name, current: g.Id === r.GroupId, onSelect: () => void move(r, g.Id) })),
                },
                { id: 'remove', label: 'Șterge din grup', ariaLabel: `Șterge ${r.Name} din grup`, icon: Trash2, destructive: true, onSelect: () => setRemoving(r) },
              ]
            : []),
        ],
      }),
    );
    return cols;
  }, [showGroup, moveTargets, move]);

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 hands back functions the React Compiler cannot memoize; the component simply is not compiled
  const table = useReactTable({ data: items ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => String(r.CompanyGroupId) });

  const remove = async () => {
    if (!removing) return;
    try {
      await groupsApi.deleteCompanyFromGroup(removing.CompanyGroupId);
      showSuccessToast(GROUP_TOASTS.companyRemoved);
      onChanged();
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
      throw e;
    }
  };

  return (
    <InCrmContext.Provider value={inCrm}>
      <ResponsiveList
        sort={
          phoneSort && (
          <DataTableSortSelect
            options={sortable.map((key) => ({ key, label: SORT_LABELS[key], first: key === 'Name' ? 'asc' : 'desc' }))}
            value={orderBy}
            onChange={onOrderBy}
          />
          )
        }
        cards={
          <DataTableCards
            table={table}
            label="Firme"
            rowName={(r) => r.Name}
            loading={items === null}
            rowTestId="company-group-card"
            getRowProps={(row) => ({ 'data-cui': String(row.original.Cui) })}
          />
        }
      >
      <Table>
        <TableHeader>
          {table.getHeaderGroups().map((hg) => (
            <TableRow key={hg.id}>
              {hg.headers.map((h) => {
                const key = h.column.id as keyof typeof SORT_LABELS;
                return sortable.includes(key) ? (
                  <SortableTableHead key={h.id} direction={directionOf(orderBy, key)} onSort={() => onOrderBy(nextOrder(orderBy, key, key === 'Name' ? 'asc' : 'desc'))}>
                    {flexRender(h.column.columnDef.header, h.getContext())}
                  </SortableTableHead>
                ) : (
                  <TableHead key={h.id}>{flexRender(h.column.columnDef.header, h.getContext())}</TableHead>
                );
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {items === null
            ? Array.from({ length: 5 }, (_, i) => (
                <TableRow key={i} aria-hidden="true">
                  <TableCell colSpan={columns.length}>
                    <Skeleton className="h-6" />
                  </TableCell>
                </TableRow>
              ))
            : table.getRowModel().rows.length === 0
              ? (
                  <TableRow>
                    <TableCell colSpan={columns.length} className="py-8 text-center text-muted-foreground">
                      Nu există elemente!
                    </TableCell>
                  </TableRow>
                )
              : table.getRowModel().rows.map((row) => (
                  <TableRow key={row.id} data-testid="company-group-row" data-cui={row.original.Cui}>
                    {row.getVisibleCells().map((cell) => (
                      <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>
                    ))}
                  </TableRow>
                ))}
        </TableBody>
      </Table>
      </ResponsiveList>
      <CommentsDialog target={comments} onOpenChange={(o) => !o && setComments(null)} />
      <ConfirmDialog open={removing !== null} onOpenChange={(o) => !o && setRemoving(null)} description={REMOVE_COMPANY_QUESTION} onConfirm={remove} />
    </InCrmContext.Provider>
  );
}
