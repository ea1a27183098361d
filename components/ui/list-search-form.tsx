import * as React from 'react';
import { Search } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** The search box of a signed-in list (its state: usePagedList): searches on Enter or Caută; the placeholder is also its label. */
export function ListSearchForm({
  id,
  label,
  placeholder,
  list,
  buttonVariant = 'default',
  className,
}: {
  id: string;
  /** The form's name for assistive technology ("Căutare template-uri"). */
  label: string;
  placeholder: string;
  list: { text: string; setText: (value: string) => void; submitSearch: () => void };
  buttonVariant?: 'default' | 'outline';
  className?: string;
}) {
  return (
    <SearchForm aria-label={label} className={cn('flex min-w-0 gap-2', className)} onSearch={list.submitSearch}>
      <label htmlFor={id} className="sr-only">
        {placeholder}
      </label>
      <Input id={id} type="search" value={list.text} onChange={(e) => list.setText(e.target.value)} placeholder={placeholder} className="min-w-0 flex-1" />
      <Button type="submit" variant={buttonVariant}>
        <Search aria-hidden="true" />
        Caută
      </Button>
    </SearchForm>
  );
}

/** A form with the search role: Enter or its submit button calls `onSearch`, never a page load. */
export function SearchForm({ onSearch, ...props }: Omit<React.ComponentProps<'form'>, 'role' | 'onSubmit'> & { onSearch: () => void }) {
  return (
    <form
      role="search"
      {...props}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
    />
  );
}

/** "Rezultate: N" above a list ("…" while it loads), read out when it changes. */
export function ResultCount({ count, testId }: { count: number | string | null; testId?: string }) {
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite" data-testid={testId}>
      Rezultate: <span className="font-semibold text-foreground">{count ?? '…'}</span>
    </p>
  );
}
