'use client';

import * as React from 'react';
import { Search } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Text search that runs on Enter or on the icon click. */
export function SearchBox({
  value,
  onChange,
  onSearch,
  label,
  placeholder,
  className,
}: {
  value: string;
  onChange: (v: string) => void;
  onSearch: () => void;
  label: string;
  placeholder?: string;
  className?: string;
}) {
  return (
    <div className={cn('relative', className)}>
      <input
        type="search"
        value={value}
        aria-label={label}
        placeholder={placeholder ?? label}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onSearch();
          }
        }}
        className="h-10 w-full rounded-md border border-input bg-background pr-11 pl-3 text-sm placeholder:text-placeholder"
      />
      <button
        type="button"
        onClick={onSearch}
        aria-label="Caută"
        title="Caută"
        className="absolute top-0.5 right-0.5 inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <Search className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
