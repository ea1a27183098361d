'use client';

import * as React from 'react';
import { SortableTableHead } from '@/components/ui/table';
import { nextSort, parseSort } from '@/lib/company-rules';

/** A header of the tab tables with the header-click cycle of nextSort (lib/company-rules.ts). */
export function SortHead({ field, label, sort, onSort, className }: { field: string; label: string; sort: string; onSort: (s: string) => void; className?: string }) {
  const current = parseSort(sort);
  const direction = current.field.toLowerCase() === field.toLowerCase() ? (current.descending ? 'desc' : 'asc') : null;
  return (
    <SortableTableHead direction={direction} onSort={() => onSort(nextSort(sort, field))} className={className}>
      {label}
    </SortableTableHead>
  );
}
