'use client';

// A secret shown once (an API key, a webhook's signing secret), with its copy button: the server
// never shows it again, so the box says so and stays until the user confirms they saved it.
import * as React from 'react';
import { Copy } from 'lucide-react';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { Button } from '@/components/ui/button';

export type SecretOnceTexts = {
  /** The box's heading. */
  title: React.ReactNode;
  /** Why it must be copied now and what to do if it is lost. */
  explanation: React.ReactNode;
  copyLabel: string;
  copied: string;
  copyFailed: string;
  dismissLabel: string;
};

export function SecretOnce({ secret, texts, testId, onDismiss }: { secret: string; texts: SecretOnceTexts; testId: string; onDismiss: () => void }) {
  const titleId = React.useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      showSuccessToast(texts.copied);
    } catch {
      showErrorToast(texts.copyFailed);
    }
  };
  return (
    <section role="status" aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg border border-success-strong/30 bg-success-soft p-4" data-testid={`${testId}-box`}>
      <h3 id={titleId} className="font-semibold text-success-strong">
        {texts.title}
      </h3>
      <p className="text-sm">{texts.explanation}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 rounded bg-background px-2 py-1.5 font-mono text-sm break-all" data-testid={testId}>
          {secret}
        </code>
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden="true" />
          {texts.copyLabel}
        </Button>
      </div>
      <Button type="button" variant="ghost" className="self-start" onClick={onDismiss}>
        {texts.dismissLabel}
      </Button>
    </section>
  );
}
