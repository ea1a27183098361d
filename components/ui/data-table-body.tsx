'use client';

// The body parts of a signed-in TanStack table: a row's cells, and the placeholder rows shown while
// a page loads (hidden from assistive technology; the list's result count says "…").
import * as React from 'react';
import { flexRender, type Row, type Table } from '@tanstack/react-table';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { Skeleton } from './skeleton';
import { TableCell, TableHead, TableRow } from './table';

export function DataTableCells<T>({ row }: { row: Row<T> }) {
  return row.getVisibleCells().map((cell) => <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>);
}

export function DataTableSkeletonRows({ columns, rows = 4, className }: { columns: number; rows?: number; className?: string }) {
  return Array.from({ length: rows }, (_, i) => (
    <TableRow key={`skeleton-${i}`} aria-hidden="true">
      {Array.from({ length: columns }, (_, c) => (
        <TableCell key={c}>
          <Skeleton className={cn('h-5 w-full max-w-40', className)} />
        </TableCell>
      ))}
    </TableRow>
  ));
}

/** The rows of a list's page: placeholder rows while it loads, then one row per item. */
export function DataTablePageRows<T>({ table, loading, skeleton, rowTestId }: { table: Table<T>; loading: boolean; skeleton?: { rows?: number; className?: string }; rowTestId?: string }) {
  if (loading) return <DataTableSkeletonRows columns={table.getVisibleLeafColumns().length} rows={skeleton?.rows} className={skeleton?.className} />;
  return table.getRowModel().rows.map((row) => (
    <TableRow key={row.id} data-testid={rowTestId}>
      <DataTableCells row={row} />
    </TableRow>
  ));
}

/** The head of the expand buttons' column (ExpandableDataRows). */
export function ExpandHead() {
  return (
    <TableHead className="w-10">
      <span className="sr-only">Extinde</span>
    </TableHead>
  );
}

/**
 * Rows that open, one at a time, to a detail row below them (a sending's companies, a company's
 * messages): the whole row and its chevron button toggle it; the button names what it shows or hides.
 */
export function ExpandableDataRows<T>({
  table,
  openId,
  onOpenChange,
  idOf,
  detailId,
  labels,
  rowTestId,
  renderDetail,
}: {
  table: Table<T>;
  openId: number | null;
  onOpenChange: (id: number | null) => void;
  idOf: (row: T) => number;
  /** The detail row's element id (the button's aria-controls). */
  detailId: (id: number) => string;
  labels: { show: string; hide: string };
  rowTestId?: string;
  renderDetail: (id: number) => React.ReactNode;
}) {
  const columns = table.getVisibleLeafColumns().length + 1;
  return table.getRowModel().rows.map((row) => {
    const id = idOf(row.original);
    const isOpen = openId === id;
    const toggle = () => onOpenChange(isOpen ? null : id);
    return (
      <React.Fragment key={row.id}>
        <TableRow className="cursor-pointer" onClick={toggle} data-testid={rowTestId}>
          <TableCell>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-expanded={isOpen}
              aria-controls={detailId(id)}
              aria-label={isOpen ? labels.hide : labels.show}
              onClick={(e) => {
                e.stopPropagation();
                toggle();
              }}
            >
              {isOpen ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
            </Button>
          </TableCell>
          <DataTableCells row={row} />
        </TableRow>
        {isOpen ? (
          <TableRow id={detailId(id)} className="bg-subtle hover:bg-subtle">
            <TableCell colSpan={columns} className="p-0">
              {renderDetail(id)}
            </TableCell>
          </TableRow>
        ) : null}
      </React.Fragment>
    );
  });
}
