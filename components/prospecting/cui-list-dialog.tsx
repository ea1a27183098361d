'use client';

// "Adaugă listă de CUI-uri": paste CUIs or choose a file (CSV, XLSX, text); the preview says what
// was found, what is already in the group, what is unknown and which lines are not valid CUIs
// (check digit); then the found ones are added in one go.
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { addedMessage, prospectingApi } from '@/lib/prospecting/client';
import { CUI_LIST_MAX_FILE_BYTES, cuiListFormSchema } from '@/lib/prospecting/schemas';
import type { CuiListPreview } from '@/lib/prospecting/types';
import { serverMessage } from '@/lib/groups/client';
import { fileBase64 } from '@/lib/shared/file-base64';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { FormField } from '@/components/auth/form-field';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

type FormInput = z.infer<typeof cuiListFormSchema>;
const SHOWN = 20;

export function CuiListDialog({ group, onOpenChange, onAdded }: { group: { Id: number; Name: string } | null; onOpenChange: (open: boolean) => void; onAdded: () => void }) {
  const form = useForm<FormInput>({ resolver: zodResolver(cuiListFormSchema), defaultValues: { Text: '' } });
  const [file, setFile] = React.useState<File | null>(null);
  const [preview, setPreview] = React.useState<CuiListPreview | null>(null);
  const [adding, setAdding] = React.useState(false);
  const open = group !== null;
  const close = (next: boolean) => {
    // The form starts empty the next time it opens.
    if (!next) {
      form.reset({ Text: '' });
      setFile(null);
      setPreview(null);
    }
    onOpenChange(next);
  };

  const check = form.handleSubmit(async ({ Text }) => {
    if (!group) return;
    if (!file && !Text.trim()) {
      form.setError('Text', { message: 'Lipiți o listă de CUI-uri sau alegeți un fișier.' });
      return;
    }
    if (file && file.size > CUI_LIST_MAX_FILE_BYTES) {
      form.setError('Text', { message: 'Fișierul este prea mare (cel mult 5 MB).' });
      return;
    }
    try {
      const body = file ? { File: { Name: file.name, Base64: await fileBase64(file) } } : { Text };
      setPreview(await prospectingApi.matchCuiList(group.Id, body));
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    }
  });

  const toAdd = preview ? preview.Found.filter((f) => !f.InGroup).map((f) => f.Cui) : [];
  const add = async () => {
    if (!group || toAdd.length === 0) return;
    setAdding(true);
    try {
      showSuccessToast(addedMessage(await prospectingApi.addCuiList(group.Id, toAdd)));
      onAdded();
      close(false);
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    } finally {
      setAdding(false);
    }
  };

  const inGroup = preview ? preview.Found.length - toAdd.length : 0;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent size="md" variant="sheet">
        <DialogHeader>
          <DialogTitle>Adaugă listă de CUI-uri</DialogTitle>
          <DialogDescription>
            Câte un CUI pe linie, cu sau fără RO; sau un fișier CSV, XLSX ori text în care fiecare rând are un CUI.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={check} noValidate className="flex flex-col gap-4">
          <FormField id="cui-list-text" label="CUI-uri" errors={[form.formState.errors.Text?.message]}>
            {(a11y) => <Textarea {...a11y} rows={6} placeholder={'RO14399840\n14837428'} {...form.register('Text', { onChange: () => setPreview(null) })} />}
          </FormField>
          <div className="flex flex-col gap-1">
            <label htmlFor="cui-list-file" className="text-sm font-medium">
              sau un fișier (CSV, XLSX, TXT)
            </label>
            <input
              id="cui-list-file"
              type="file"
              accept=".csv,.xlsx,.txt,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              // The browser's own "choose a file" button, 44 px high on a phone like the other fields.
              className="text-sm file:mr-3 file:h-11 file:rounded-md file:border file:border-input file:bg-background file:px-4 file:text-sm file:font-medium md:file:h-9"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setPreview(null);
              }}
            />
          </div>
          {preview ? (
            <section aria-label="Rezultatul verificării" aria-live="polite" className="flex flex-col gap-2 rounded-md border p-3 text-sm">
              <p>
                <strong>Găsite: {preview.Found.length}</strong>
                {inGroup > 0 ? ` (din care ${inGroup} deja în grup)` : ''} · Negăsite: {preview.NotFound.length} · Invalide: {preview.Invalid.length}
                {preview.Duplicates > 0 ? ` · Repetate: ${preview.Duplicates}` : ''}
              </p>
              {preview.Truncated ? <p>Lista are mai multe rânduri decât se citesc odată; s-au verificat doar primele.</p> : null}
              {preview.NotFound.length > 0 ? (
                <p>
                  CUI-uri negăsite: {preview.NotFound.slice(0, SHOWN).join(', ')}
                  {preview.NotFound.length > SHOWN ? ' …' : ''}
                </p>
              ) : null}
              {preview.Invalid.length > 0 ? (
                <div>
                  <p>Linii care nu sunt un CUI valid:</p>
                  <ul className="list-disc pl-5">
                    {preview.Invalid.slice(0, SHOWN).map((l) => (
                      <li key={l.Line}>
                        linia {l.Line}: {l.Text}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </section>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Renunță
            </Button>
            {preview ? (
              <Button type="button" disabled={toAdd.length === 0 || adding} onClick={() => void add()}>
                {adding ? 'Se adaugă…' : `Adaugă ${toAdd.length} ${toAdd.length === 1 ? 'companie găsită' : 'companii găsite'}`}
              </Button>
            ) : (
              <Button type="submit" disabled={form.formState.isSubmitting}>
                Verifică lista
              </Button>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
