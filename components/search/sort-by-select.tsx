'use client';

import { ORDER_BY_OPTIONS, type OrderBy } from '@/lib/filters';
import { OptionSelect } from '@/components/ui/option-select';

/** "Sortează după" and the order of a company list (the advanced search, the Admin's contacts). */
export function SortBySelect({ id, value, onChange }: { id: string; value: OrderBy; onChange: (orderBy: OrderBy) => void }) {
  return (
    <div className="flex items-center gap-2">
      <span id={id} className="text-sm text-muted-foreground">
        Sortează după
      </span>
      <OptionSelect className="w-44" aria-labelledby={id} value={value} onValueChange={(v) => onChange(v as OrderBy)} options={ORDER_BY_OPTIONS} />
    </div>
  );
}
