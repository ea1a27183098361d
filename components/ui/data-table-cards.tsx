'use client';

// The signed-in lists on a phone (decision 092): below the `md` breakpoint a list's TanStack table
// is drawn as one card per row, from the same column definitions. Each column says where it goes on
// the card through `meta.card`; the row's actions (an `actionsColumn`) become one menu button.
import * as React from 'react';
import Link from 'next/link';
import { flexRender, type Cell, type CellContext, type ColumnDef, type Row, type RowData, type Table } from '@tanstack/react-table';
import { Check, ChevronDown, ChevronRight, EllipsisVertical, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from './button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from './dropdown-menu';
import { OptionSelect } from './option-select';
import { Skeleton } from './skeleton';

/**
 * Where a column goes on a card: `title` and `subtitle` on top (what a user scans first), `line`
 * as a labelled line below them (the default), `detail` behind "Detalii", `select` before the
 * title (a row's checkbox), `actions` in the row's menu, `hidden` nowhere (a table-only column).
 */
type CardPlace = 'title' | 'subtitle' | 'line' | 'detail' | 'select' | 'actions' | 'hidden';

/** One thing a row lets its user do: a button on the table, an item of the row's menu on a card. */
export type RowAction = {
  id: string;
  /** The menu item's text and the table button's tooltip. */
  label: string;
  /** The table button's accessible name when the label alone would not say which row. */
  ariaLabel?: string;
  icon: LucideIcon;
  onSelect?: () => void;
  /** An in-app link instead of a button. */
  href?: string;
  destructive?: boolean;
  disabled?: boolean;
  /** On the table, an outline button with its text instead of an icon button. */
  withText?: boolean;
  /** The table button's look when the default (outline with text, ghost icon) does not fit. */
  buttonVariant?: 'default' | 'outline' | 'destructive' | 'ghost';
  /** A choice among several targets (move to another group): a submenu. */
  choices?: { id: string; label: string; current?: boolean; onSelect: () => void }[];
};

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generics must match TanStack's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    card?: CardPlace;
    /** The line's label on a card when the header is not plain text. */
    cardLabel?: string;
    /** The actions of a row (set by actionsColumn). */
    rowActions?: (row: TData) => RowAction[];
    sortKey?: string;
    className?: string;
  }
}

const WIDE_QUERY = '(min-width: 48rem)';

function subscribeWide(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the screen is at least `md` wide. Only one of the table and the cards is in the page (a
 * text locator or a screen reader meets each row once); without matchMedia (the server, jsdom) the
 * table is drawn.
 */
export function useIsWide() {
  return React.useSyncExternalStore(
    subscribeWide,
    () => (typeof window === 'undefined' || !window.matchMedia ? true : window.matchMedia(WIDE_QUERY).matches),
    () => true,
  );
}

/** The actions column: the same list of actions as icon buttons on the table and as a menu on a card. */
export function actionsColumn<T>({
  id = 'Actions',
  header = 'Acțiuni',
  actions,
}: {
  id?: string;
  header?: ColumnDef<T>['header'];
  actions: (row: T) => RowAction[];
}): ColumnDef<T> {
  return {
    id,
    header,
    cell: RowActionsCell<T>,
    meta: { card: 'actions', rowActions: actions },
  };
}

/**
 * The actions cell of every list, one component defined once. flexRender draws a column's `cell`
 * function as a component type, so a cell function made afresh each time a list rebuilds its
 * columns (data arriving after the rows: the groups a company may move to) would be a new type
 * and React would remount the cell, closing a row's menu while it is open (groups.spec failed
 * so under load). The actions of the current column definition are read at each render instead.
 */
function RowActionsCell<T>({ row, column }: CellContext<T, unknown>) {
  return <RowActionButtons actions={column.columnDef.meta?.rowActions?.(row.original) ?? []} />;
}

export function RowActionButtons({ actions }: { actions: RowAction[] }) {
  return (
    <div className="flex flex-nowrap items-center gap-1">
      {actions.map((a) => (
        <RowActionButton key={a.id} action={a} />
      ))}
    </div>
  );
}

function RowActionButton({ action: a }: { action: RowAction }) {
  const Icon = a.icon;
  const name = a.ariaLabel ?? a.label;
  const look = a.withText ? ({ variant: a.buttonVariant ?? 'outline', size: 'sm' } as const) : ({ variant: a.buttonVariant ?? 'ghost', size: 'icon-sm' } as const);
  const content = a.withText ? (
    <>
      <Icon aria-hidden="true" />
      {a.label}
    </>
  ) : (
    <Icon aria-hidden="true" className={a.destructive ? 'text-destructive' : undefined} />
  );
  // A row that opens on click (a sending's companies) must not open when one of its buttons is used.
  const stop = (e: React.MouseEvent) => e.stopPropagation();
  if (a.choices) {
    return (
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button {...look} aria-label={name} title={a.withText ? undefined : a.label} disabled={a.disabled} onClick={stop}>
            {content}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel>{a.label}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <ChoiceItems choices={a.choices} />
        </DropdownMenuContent>
      </DropdownMenu>
    );
  }
  if (a.href && !a.disabled) {
    return (
      <Button asChild {...look}>
        <Link href={a.href} aria-label={a.withText ? a.ariaLabel : name} title={a.withText ? undefined : a.label} onClick={stop}>
          {content}
        </Link>
      </Button>
    );
  }
  return (
    <Button
      {...look}
      aria-label={a.withText ? a.ariaLabel : name}
      title={a.withText ? undefined : a.label}
      disabled={a.disabled}
      onClick={(e) => {
        stop(e);
        a.onSelect?.();
      }}
    >
      {content}
    </Button>
  );
}

function ChoiceItems({ choices }: { choices: NonNullable<RowAction['choices']> }) {
  return choices.map((c) => (
    <DropdownMenuItem key={c.id} onSelect={c.onSelect} aria-current={c.current ? 'true' : undefined}>
      <Check aria-hidden="true" className={c.current ? 'text-primary' : 'invisible'} />
      <span className="min-w-0 flex-1 truncate">{c.label}</span>
    </DropdownMenuItem>
  ));
}

/** A card's one menu button: every action of the row, named after the row ("Acțiuni pentru …"). */
function RowActionsMenu({ actions, rowName }: { actions: RowAction[]; rowName: string }) {
  if (actions.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="icon" className="size-11 shrink-0" aria-label={`Acțiuni pentru ${rowName}`} title="Acțiuni">
          <EllipsisVertical aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64 max-w-[calc(100vw-2rem)]">
        {actions.map((a) => {
          const Icon = a.icon;
          const body = (
            <>
              <Icon aria-hidden="true" />
              <span className="min-w-0 flex-1">{a.label}</span>
            </>
          );
          if (a.choices) {
            return (
              <DropdownMenuSub key={a.id}>
                <DropdownMenuSubTrigger disabled={a.disabled} className="min-h-11">
                  {body}
                </DropdownMenuSubTrigger>
                <DropdownMenuSubContent className="w-56 max-w-[calc(100vw-4rem)]">
                  <ChoiceItems choices={a.choices} />
                </DropdownMenuSubContent>
              </DropdownMenuSub>
            );
          }
          const itemClass = cn('min-h-11', a.destructive && 'text-destructive data-[highlighted]:bg-destructive-soft data-[highlighted]:text-destructive');
          if (a.href && !a.disabled) {
            return (
              <DropdownMenuItem key={a.id} asChild className={itemClass}>
                <Link href={a.href}>{body}</Link>
              </DropdownMenuItem>
            );
          }
          return (
            <DropdownMenuItem key={a.id} disabled={a.disabled} onSelect={() => a.onSelect?.()} className={itemClass}>
              {body}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const placeOf = <T,>(cell: Cell<T, unknown>): CardPlace => cell.column.columnDef.meta?.card ?? 'line';

function labelOf<T>(cell: Cell<T, unknown>) {
  const { header, meta } = cell.column.columnDef;
  return meta?.cardLabel ?? (typeof header === 'string' ? header : cell.column.id);
}

function renderCell<T>(cell: Cell<T, unknown>) {
  return flexRender(cell.column.columnDef.cell, cell.getContext());
}

// Cells written for a table carry minimum widths (min-w-56 and the like); on a card they wrap.
const fitting = 'min-w-0 break-words [&_*]:min-w-0';

function CardLines<T>({ cells }: { cells: Cell<T, unknown>[] }) {
  return (
    <dl className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
      {cells.map((cell) => (
        <React.Fragment key={cell.id}>
          <dt className="text-muted-foreground">{labelOf(cell)}</dt>
          <dd className={fitting}>{renderCell(cell)}</dd>
        </React.Fragment>
      ))}
    </dl>
  );
}

type CardDetail<T> = {
  isOpen: (id: number) => boolean;
  onToggle: (id: number) => void;
  idOf: (row: T) => number;
  labels: { show: string; hide: string };
  detailId: (id: number) => string;
  render: (id: number) => React.ReactNode;
};

function DataCard<T>({ row, rowName, testId, detail, getRowProps }: { row: Row<T>; rowName: string; testId?: string; detail?: CardDetail<T>; getRowProps?: (row: Row<T>) => Record<string, string | undefined> }) {
  const cells = row.getVisibleCells();
  const at = (place: CardPlace) => cells.filter((c) => placeOf(c) === place);
  const actions = at('actions').flatMap((c) => c.column.columnDef.meta?.rowActions?.(row.original) ?? []);
  const lines = at('line');
  const details = at('detail');
  const openId = detail ? detail.idOf(row.original) : null;
  const isOpen = detail != null && openId != null && detail.isOpen(openId);
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-lg border bg-background p-4" data-testid={testId} {...getRowProps?.(row)}>
      <div className="flex items-start gap-3">
        {at('select').map((c) => (
          <div key={c.id} className="pt-0.5">
            {renderCell(c)}
          </div>
        ))}
        <div className={cn('flex flex-1 flex-col gap-0.5', fitting)}>
          {at('title').map((c) => (
            <div key={c.id} className="font-medium text-foreground">
              {renderCell(c)}
            </div>
          ))}
          {at('subtitle').map((c) => (
            <div key={c.id} className="text-sm text-muted-foreground">
              {renderCell(c)}
            </div>
          ))}
        </div>
        <RowActionsMenu actions={actions} rowName={rowName} />
      </div>
      {lines.length ? <CardLines cells={lines} /> : null}
      {details.length ? (
        <details className="group text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center gap-1 font-medium text-primary">
            <ChevronRight aria-hidden="true" className="size-4 group-open:rotate-90" />
            Detalii
          </summary>
          <div className="pt-2">
            <CardLines cells={details} />
          </div>
        </details>
      ) : null}
      {detail && openId != null ? (
        <>
          <Button variant="outline" className="min-h-11 self-start" aria-expanded={isOpen} aria-controls={detail.detailId(openId)} onClick={() => detail.onToggle(openId)}>
            {isOpen ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
            {isOpen ? detail.labels.hide : detail.labels.show}
          </Button>
          {isOpen ? (
            <div id={detail.detailId(openId)} className="-mx-4 -mb-4 min-w-0 border-t bg-subtle">
              {detail.render(openId)}
            </div>
          ) : null}
        </>
      ) : null}
    </li>
  );
}

/**
 * The rows of a table as cards (phones). `rowName` names a row in its actions menu's label; the
 * list keeps the table's order, so a card list and a table show the same rows in the same order.
 */
export function DataTableCards<T>({
  table,
  label,
  rowName,
  loading = false,
  rowTestId,
  testId,
  detail,
  getRowProps,
  empty = 'Nu există elemente!',
}: {
  table: Table<T>;
  /** The list's accessible name ("Grupuri"). */
  label: string;
  rowName: (row: T) => string;
  loading?: boolean;
  rowTestId?: string;
  testId?: string;
  /** Rows that open to a detail (a sending's companies), one at a time. */
  detail?: CardDetail<T>;
  getRowProps?: (row: Row<T>) => Record<string, string | undefined>;
  empty?: string | null;
}) {
  if (loading) {
    return (
      <div className="flex flex-col gap-3" aria-hidden="true" data-testid={testId ? `${testId}-loading` : undefined}>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-28 w-full" />
        ))}
      </div>
    );
  }
  const rows = table.getRowModel().rows;
  if (rows.length === 0 && empty) return <p className="rounded-lg border py-8 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="flex min-w-0 flex-col gap-3" aria-label={label} data-testid={testId}>
      {rows.map((row) => (
        <DataCard key={row.id} row={row} rowName={rowName(row.original)} testId={rowTestId} detail={detail} getRowProps={getRowProps} />
      ))}
    </ul>
  );
}

/** The sort select's options from a list's sortable columns (column id → name). */
export function sortOptionsOf(sortable: Record<string, string>) {
  return Object.entries(sortable).map(([key, label]) => ({ key, label }));
}

/** A list's order as one select (the cards have no column heads to click): each key both ways. */
export function DataTableSortSelect({
  options,
  value,
  onChange,
  className,
}: {
  /** The sortable keys with their names; `first` lists the descending order first (figures, dates). */
  options: ReadonlyArray<{ key: string; label: string; first?: 'asc' | 'desc' }>;
  value: string;
  onChange: (orderBy: string) => void;
  className?: string;
}) {
  const choices = options.flatMap((o) => {
    const asc = { value: o.key, label: `${o.label} (crescător)` };
    const desc = { value: `${o.key}_desc`, label: `${o.label} (descrescător)` };
    return o.first === 'desc' ? [desc, asc] : [asc, desc];
  });
  const id = React.useId();
  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)}>
      <span id={id} className="shrink-0 text-sm text-muted-foreground">
        Sortează după
      </span>
      <OptionSelect
        aria-labelledby={id}
        className="h-11 min-w-0 flex-1"
        value={value}
        onValueChange={onChange}
        options={choices}
        // An order no option names (a list's default) still reads as something, never as a blank box.
        valueText={choices.some((c) => c.value === value) ? undefined : 'Ordinea implicită'}
      />
    </div>
  );
}

/**
 * A list as a table on wide screens and as cards on phones: `children` is the table, `cards` the
 * same table's rows drawn by DataTableCards, `sort` the order select shown above the cards.
 */
export function ResponsiveList({ children, cards, sort }: { children: React.ReactNode; cards: React.ReactNode; sort?: React.ReactNode }) {
  const isWide = useIsWide();
  if (isWide) return <>{children}</>;
  return (
    <>
      {sort}
      {cards}
    </>
  );
}
