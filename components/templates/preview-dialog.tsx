'use client';

// Preview: the message exactly as one company would get it (rendered on the server by the code
// that sends it), shown in a sandboxed frame that runs nothing.
import * as React from 'react';
import { Eye } from 'lucide-react';
import { serverMessage, templatesApi } from '@/lib/templates/client';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { showErrorToast } from '@/components/layout/toaster';
import { CompanySearch, type PickedCompany } from './company-search';

export function PreviewButton({ getContent, disabled }: { getContent: () => string | null; disabled?: boolean }) {
  const [open, setOpen] = React.useState(false);
  const [company, setCompany] = React.useState<PickedCompany | null>(null);
  const [html, setHtml] = React.useState<string | null>(null);
  const [loading, setLoading] = React.useState(false);

  const render = React.useCallback(
    async (chosen: PickedCompany | null) => {
      const content = getContent();
      if (!content) return;
      setLoading(true);
      try {
        const r = await templatesApi.preview(content, chosen?.Cui ?? null);
        setHtml(r.Html);
      } catch (e) {
        showErrorToast(serverMessage(e) ?? undefined);
        setHtml(null);
      } finally {
        setLoading(false);
      }
    },
    [getContent],
  );

  return (
    <>
      <Button
        type="button"
        variant="outline"
        disabled={disabled}
        onClick={() => {
          setOpen(true);
          void render(company);
        }}
      >
        <Eye aria-hidden="true" />
        Previzualizare
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent size="area" className="max-h-[92vh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Previzualizare email</DialogTitle>
            <DialogDescription>
              {company ? `Mesajul pentru ${company.Name} (CUI ${company.Cui}).` : 'Mesajul cu valori de exemplu. Alegeți o firmă pentru a-l vedea cu datele ei.'}
            </DialogDescription>
          </DialogHeader>
          <CompanySearch
            id="preview-company"
            label="Firma pentru previzualizare"
            renderResult={(c) => (
              <button
                type="button"
                className="w-full text-left text-sm hover:text-primary hover:underline"
                onClick={() => {
                  setCompany(c);
                  void render(c);
                }}
              >
                {c.Name} <span className="text-muted-foreground">(CUI {c.Cui})</span>
              </button>
            )}
          />
          <div className="relative min-h-[420px] rounded-md border border-border bg-white">
            {loading ? (
              <div className="absolute inset-0 flex items-center justify-center bg-background/70">
                <Spinner label="Se pregătește previzualizarea…" />
              </div>
            ) : null}
            {html !== null ? (
              // sandbox="" : no scripts, no forms, no navigation of this page from the frame.
              <iframe title="Previzualizarea email-ului" sandbox="" srcDoc={html} className="h-[520px] w-full rounded-md" />
            ) : null}
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
