import * as React from 'react';
import { Search } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * A search input with the magnifier inside it and a label read by assistive technology only (the
 * placeholder shows an example): the company, customer and CAEN searches.
 */
export function SearchField({
  id,
  label,
  onValueChange,
  className,
  inputClassName,
  ...input
}: Omit<React.ComponentProps<'input'>, 'id' | 'type' | 'className' | 'onChange'> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Classes of the wrapper (it grows in a flex row by default). */
  className?: string;
  inputClassName?: string;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className={cn('relative min-w-0 flex-1', className)}>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <input
          id={id}
          type="search"
          autoComplete="off"
          onChange={(e) => onValueChange(e.target.value)}
          className={cn('h-11 w-full min-w-0 rounded-md border border-input bg-background pr-3 pl-9 text-base placeholder:text-placeholder', inputClassName)}
          {...input}
        />
      </div>
    </>
  );
}
