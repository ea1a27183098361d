'use client';

// "Liste de datorii ANAF" (issue 48, decision 115): an Admin uploads one of ANAF's lists of debtors
// with tax arrears, in the layout of docs/guide/fiscal-checks.md, and reads what the import did: the
// companies in the file, those RadarFirme knows, and the newly listed ones, each a monitoring event
// for its followers. The same importer as `npm run fiscal:import-arrears`.
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, apiCall } from '@/lib/api/client';
import { formatDate, formatNumber } from '@/lib/format';
import {
  ARREARS_CATEGORY_LABELS,
  ARREARS_TOO_BIG_MESSAGE,
  ARREARS_UPLOAD_MAX_BYTES,
  ARREARS_UPLOAD_MAX_MB,
  arrearsUploadFormSchema,
  type ArrearsUploadFormInput,
  type ArrearsUploadFormOutput,
} from '@/lib/fiscal/schemas';
import type { ArrearsImportDto } from '@/lib/fiscal/types';
import { fileBase64 } from '@/lib/shared/file-base64';
import { FormAlert, FormField } from '@/components/auth/form-field';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

/** The server's refusal in words: a field's own messages before the generic "Date invalide". */
function refusalText(e: ApiError): string {
  const fieldMessages = Object.values(e.body?.Errors ?? {}).flat();
  return fieldMessages.length ? fieldMessages.join(' ') : (e.body?.Message ?? e.message);
}

function ImportResult({ result }: { result: ArrearsImportDto }) {
  const category = result.Category in ARREARS_CATEGORY_LABELS ? ARREARS_CATEGORY_LABELS[result.Category as keyof typeof ARREARS_CATEGORY_LABELS] : result.Category;
  return (
    <section aria-labelledby="arrears-result-title" className="flex flex-col gap-2 rounded-lg border bg-card p-4 text-sm" data-testid="arrears-result">
      <h2 id="arrears-result-title" className="text-lg font-semibold">
        Lista din {formatDate(result.ListDate)} ({category}) a fost importată
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt>Fișierul</dt>
        <dd className="break-all">{result.FileName}</dd>
        <dt>Firme în fișier</dt>
        <dd data-testid="arrears-in-file">{formatNumber(result.CompaniesInFile)}</dd>
        <dt>Sume citite (pe bugete)</dt>
        <dd>{formatNumber(result.AmountsRead)}</dd>
        <dt>Firme găsite în RadarFirme</dt>
        <dd data-testid="arrears-matched">{formatNumber(result.CompaniesMatched)}</dd>
        <dt>Firme nou listate</dt>
        <dd data-testid="arrears-new">{formatNumber(result.NewlyListed)}</dd>
      </dl>
      <p className="text-muted-foreground">
        Fiecare firmă nou listată (absentă din lista anterioară a aceleiași categorii) devine o schimbare „Obligații fiscale restante” pentru cei care o urmăresc. Firmele pe care RadarFirme nu le
        cunoaște sunt lăsate deoparte. O listă cu aceeași dată și categorie o înlocuiește pe cea importată înainte.
      </p>
    </section>
  );
}

export function ArrearsUpload() {
  const [file, setFile] = React.useState<File | null>(null);
  const [fileError, setFileError] = React.useState<string | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const [result, setResult] = React.useState<ArrearsImportDto | null>(null);
  const form = useForm<ArrearsUploadFormInput, unknown, ArrearsUploadFormOutput>({ resolver: zodResolver(arrearsUploadFormSchema), defaultValues: { ListDate: '', Category: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setResult(null);
    // The server refuses these too; saying it here spares sending 10 MB for nothing.
    if (!file) return setFileError('Alegeți un fișier.');
    if (!/\.(csv|xlsx)$/i.test(file.name)) return setFileError('Lista se încarcă ca fișier CSV sau XLSX.');
    if (file.size > ARREARS_UPLOAD_MAX_BYTES) return setFileError(ARREARS_TOO_BIG_MESSAGE);
    setFileError(null);
    try {
      const done = await apiCall('POST /api/Fiscal/importArrearsList', {
        body: { File: { Name: file.name, Base64: await fileBase64(file) }, ListDate: values.ListDate, Category: values.Category },
      });
      setResult(done);
      showSuccessToast(`Lista a fost importată: ${formatNumber(done.CompaniesMatched)} firme, ${formatNumber(done.NewlyListed)} nou listate.`);
    } catch (e) {
      if (e instanceof ApiError) setFailure(refusalText(e));
      else showErrorToast();
    }
  });

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="arrears-form-title" className="flex flex-col gap-4 rounded-lg border bg-card p-6">
        <h2 id="arrears-form-title" className="text-lg font-semibold">
          Încarcă o listă
        </h2>
        <p className="text-sm text-muted-foreground">
          Fișier CSV sau XLSX (cel mult {formatNumber(ARREARS_UPLOAD_MAX_MB)} MB) cu antetul descris în ghid: <code>CUI</code>, opțional <code>Denumire</code>, apoi
          principalul și accesoriile pentru bugetul de stat, asigurări sociale, sănătate și șomaj, opțional <code>Total</code>. Un rând care nu poate fi citit oprește importul și nu se
          salvează nimic.
        </p>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Încărcarea listei de datorii">
          <FormAlert message={failure} />
          <FormField id="arrears-file" label="Fișierul listei (CSV sau XLSX)" errors={[fileError ?? undefined]}>
            {(a11y) => (
              <input
                {...a11y}
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                // The browser's own "choose a file" button, 44 px high on a phone like the other fields.
                className="w-full max-w-full text-sm file:mr-3 file:h-11 file:rounded-md file:border file:border-input file:bg-background file:px-4 file:text-sm file:font-medium md:file:h-9"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setFileError(null);
                  setResult(null);
                }}
              />
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="arrears-date" label="Data listei (dacă numele fișierului nu o are)" errors={[errors.ListDate?.message]}>
              {(a11y) => <Input type="date" {...a11y} {...form.register('ListDate')} />}
            </FormField>
            <FormField id="arrears-category" label="Categoria (dacă numele fișierului nu o are)" errors={[errors.Category?.message]}>
              {(a11y) => (
                <select className="h-11 rounded-md border border-input bg-background px-3 text-sm md:h-10" {...a11y} {...form.register('Category')}>
                  <option value="">Din numele fișierului</option>
                  {Object.entries(ARREARS_CATEGORY_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
          <p className="text-sm text-muted-foreground">
            Un nume ca <code>restante-mari-2026-09-30.csv</code> dă singur data și categoria.
          </p>
          <Button type="submit" disabled={isSubmitting} className="self-start">
            {isSubmitting ? <Spinner size="sm" className="text-current" label="Se importă" /> : null}
            Importă lista
          </Button>
        </form>
      </section>
      {result ? <ImportResult result={result} /> : null}
    </div>
  );
}
