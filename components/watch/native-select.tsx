import * as React from 'react';
import { cn } from '@/lib/utils';

/** A labelled native select (keyboard and screen readers for free) in the kit's input look. */
const NativeSelect = React.forwardRef<HTMLSelectElement, React.ComponentProps<'select'>>(function NativeSelect({ className, ...props }, ref) {
  return (
    <select
      ref={ref}
      className={cn('h-11 rounded-md border border-input bg-background px-3 text-sm md:h-10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', className)}
      {...props}
    />
  );
});

type Option = { value: string | number; label: string };

/** A native select with its label beside it (stacked on a phone) and its options from a list. */
export const SettingSelect = React.forwardRef<HTMLSelectElement, React.ComponentProps<'select'> & { id: string; label: string; options: Option[] }>(
  function SettingSelect({ id, label, options, ...props }, ref) {
    return (
      <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <NativeSelect ref={ref} id={id} className="sm:w-64" {...props}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>
    );
  },
);
