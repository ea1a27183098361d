'use client';

import * as React from 'react';
import { Copy } from 'lucide-react';
import { showSuccessToast } from '@/components/layout/toaster';

/** Copies to the clipboard and confirms it with a success toast. */
export function CopyButton({ text, label, all = false }: { text: string; label: string; all?: boolean }) {
  const onClick = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showSuccessToast(all ? 'Informațiile au fost copiate cu success!' : 'Informația a fost copiată cu success!');
    } catch {
      window.alert('Oops, unable to copy');
    }
  };
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
    >
      <Copy className="size-4" aria-hidden="true" />
    </button>
  );
}
