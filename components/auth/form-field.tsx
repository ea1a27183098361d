'use client';

import * as React from 'react';
import { Label } from '@/components/ui/label';

/** Label, control and its error messages, wired with aria-invalid / aria-describedby. */
export function FormField({
  id,
  label,
  errors,
  children,
}: {
  id: string;
  label: string;
  errors?: Array<string | undefined>;
  children: (a11y: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => React.ReactNode;
}) {
  const messages = [...new Set((errors ?? []).filter(Boolean) as string[])];
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': messages.length > 0, 'aria-describedby': messages.length ? errorId : undefined })}
      {messages.length > 0 && (
        <div id={errorId} className="flex flex-col gap-0.5 text-sm text-destructive">
          {messages.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}
    </div>
  );
}

/** A form-level message (server answer) announced to screen readers. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
      {message}
    </p>
  );
}
