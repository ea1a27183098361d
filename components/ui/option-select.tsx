'use client';

import * as React from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export type SelectOption = { value: string; label: React.ReactNode; count?: string };

type OptionSelectProps = Omit<React.ComponentProps<typeof SelectTrigger>, 'children' | 'value' | 'defaultValue' | 'dir'> & {
  value: string;
  onValueChange: (value: string) => void;
  options: ReadonlyArray<SelectOption>;
  /** Items listed before the options (e.g. "Oricare"). */
  leading?: React.ReactNode;
  /** What the trigger shows instead of the chosen option's text. */
  valueText?: React.ReactNode;
};

/** A dropdown of value/label options: the kit's Select with its trigger (the props go to the trigger) and one item per option. */
export function OptionSelect({ value, onValueChange, options, leading, valueText, disabled, ...trigger }: OptionSelectProps) {
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled}>
      <SelectTrigger {...trigger}>
        {/* The chosen option's text as children: Radix fills it in only once the items mount on the
            client, so a server-rendered page would show an empty trigger until then. */}
        <SelectValue>{valueText ?? options.find((o) => o.value === value)?.label}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {leading}
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value} count={o.count}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
