'use client';

// The draft page's segment (issue 27; decisions 056, 064): besides its groups and companies, a
// draft may target one of the author's saved searches. The form parses the schema the server
// parses (setDraftSegmentSchema); the count shown is what the search matches now, while the
// recipients themselves are resolved when the draft is sent.
import * as React from 'react';
import Link from 'next/link';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { Target } from 'lucide-react';
import { prospectingApi } from '@/lib/prospecting/client';
import { setDraftSegmentSchema, type SetDraftSegmentInput } from '@/lib/prospecting/schemas';
import type { DraftSegmentCount, SavedSearchItem } from '@/lib/prospecting/types';
import { serverMessage } from '@/lib/groups/client';
import { formatNumber } from '@/lib/format';
import { pluralRo } from '@/lib/search-count';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { OptionSelect } from '@/components/ui/option-select';
import { SelectItem } from '@/components/ui/select';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';

const NONE = 'none';

/** "Căutarea salvată „Clienți Cluj” găsește acum 1.234 de companii." */
function describeSegment(name: string, c: DraftSegmentCount): string {
  const n = c.MatchCount;
  const count = n === 1 ? 'o companie' : `${c.IsCountCapped ? 'peste ' : ''}${pluralRo(n, 'companie', 'companii')}`;
  return `Căutarea salvată „${name}” găsește acum ${count}; destinatarii se stabilesc la trimitere, cu aceleași reguli ca pentru grupuri.`;
}

export function DraftSegment({
  draftId,
  initial,
  onChange,
}: {
  draftId: number;
  initial: { SavedSearchId: number; Name: string } | null;
  /** After a change the server accepted: whether a saved search is now targeted. */
  onChange: (hasSegment: boolean) => void;
}) {
  const [searches, setSearches] = React.useState<SavedSearchItem[] | null>(null);
  const [applied, setApplied] = React.useState<{ Name: string; Count: DraftSegmentCount } | null>(null);
  const form = useForm<z.input<typeof setDraftSegmentSchema>, unknown, SetDraftSegmentInput>({
    resolver: zodResolver(setDraftSegmentSchema),
    defaultValues: { DraftId: draftId, SavedSearchId: initial?.SavedSearchId ?? null },
  });

  React.useEffect(() => {
    let live = true;
    prospectingApi.listSavedSearches().then(
      (items) => {
        if (!live) return;
        setSearches(items);
        const current = items.find((s) => s.Id === initial?.SavedSearchId);
        if (current) setApplied({ Name: current.Name, Count: { MatchCount: current.MatchCount, IsCountCapped: current.IsCountCapped } });
      },
      () => live && setSearches([]),
    );
    return () => {
      live = false;
    };
  }, [initial?.SavedSearchId]);

  const submit = form.handleSubmit(async (v) => {
    try {
      const count = await prospectingApi.setDraftSegment(v);
      const chosen = searches?.find((s) => s.Id === v.SavedSearchId);
      setApplied(chosen ? { Name: chosen.Name, Count: count } : null);
      form.reset(v);
      onChange(v.SavedSearchId !== null);
      showSuccessToast(chosen ? 'Draft-ul trimite și către căutarea salvată.' : 'Draft-ul nu mai trimite către o căutare salvată.');
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    }
  });

  const error = form.formState.errors.SavedSearchId?.message;
  return (
    <section aria-labelledby="draft-segment-title" className="flex flex-col gap-3 rounded-lg border bg-background p-4">
      <h2 id="draft-segment-title" className="flex items-center gap-2 text-base font-semibold">
        <Target className="size-4" aria-hidden="true" />
        Căutare salvată (segment)
      </h2>
      {searches !== null && searches.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nu aveți căutări salvate. Salvați o căutare din <Link href="/Cautare-avansata" className="underline underline-offset-2">Căutare avansată</Link> pentru a trimite
          firmelor pe care le găsește.
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <Label id="draft-segment-label">Trimite și firmelor găsite de</Label>
            <Controller
              control={form.control}
              name="SavedSearchId"
              render={({ field }) => (
                <OptionSelect
                  aria-labelledby="draft-segment-label"
                  aria-invalid={!!error}
                  className="w-full sm:max-w-md"
                  disabled={searches === null}
                  value={field.value === null || field.value === undefined ? NONE : String(field.value)}
                  onValueChange={(v) => field.onChange(v === NONE ? null : Number(v))}
                  leading={<SelectItem value={NONE}>Nicio căutare salvată</SelectItem>}
                  options={(searches ?? []).map((s) => ({ value: String(s.Id), label: s.Name, count: formatNumber(s.MatchCount) }))}
                />
              )}
            />
          </div>
          <Button type="submit" variant="outline" disabled={searches === null || form.formState.isSubmitting || !form.formState.isDirty}>
            Aplică
          </Button>
          {error ? <p className="w-full text-sm text-destructive">{error}</p> : null}
        </form>
      )}
      {applied ? (
        <p className="text-sm" role="status" data-testid="draft-segment-count">
          {describeSegment(applied.Name, applied.Count)}
        </p>
      ) : null}
    </section>
  );
}
