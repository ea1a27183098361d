'use client';

// The visual email editor, loaded on demand: GrapesJS and MJML for the browser are a chunk of their
// own that only the template and draft pages fetch (never the public pages).
import dynamic from 'next/dynamic';
import { Spinner } from '@/components/ui/spinner';

export type EmailEditorHandle = {
  /** The current design as the JSON text stored in Content. */
  getContent: () => string;
  /** The email HTML the editor shows (rendered in the browser; the server renders its own to send). */
  getHtml: () => string;
};

export type EmailEditorProps = {
  /** A saved design (JSON text) or '' for a new one. Read once, when the editor starts. */
  initialContent: string;
  onReady?: (handle: EmailEditorHandle) => void;
  onChange?: () => void;
  height?: number;
  /** Accessible name of the editor's region. */
  label: string;
};

export const EmailEditor = dynamic<EmailEditorProps>(() => import('./email-editor-impl'), {
  ssr: false,
  loading: () => (
    <div className="flex h-[640px] items-center justify-center rounded-lg border border-border bg-subtle">
      <Spinner size="lg" label="Se încarcă editorul…" />
    </div>
  ),
});
