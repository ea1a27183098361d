'use client';

// The visual email editor, loaded on demand: GrapesJS and MJML for the browser are a chunk of their
// own that only the template and draft pages fetch (never the public pages).
import dynamic from 'next/dynamic';
import { Spinner } from '@/components/ui/spinner';
import type { EmailEditorProps } from './email-editor-types';

export type { EmailEditorHandle, EmailEditorProps } from './email-editor-types';

export const EmailEditor = dynamic<EmailEditorProps>(() => import('./email-editor-impl'), {
  ssr: false,
  loading: () => (
    <div className="flex h-[640px] items-center justify-center rounded-lg border border-border bg-subtle">
      <Spinner size="lg" label="Se încarcă editorul…" />
    </div>
  ),
});
