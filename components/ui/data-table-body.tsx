'use client';

// The body parts of a signed-in TanStack table: a row's cells, and the placeholder rows shown while
// a page loads (hidden from assistive technology; the list's result count says "…").
import { flexRender, type Row } from '@tanstack/react-table';
import { cn } from '@/lib/utils';
import { Skeleton } from './skeleton';
import { TableCell, TableRow } from './table';

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
