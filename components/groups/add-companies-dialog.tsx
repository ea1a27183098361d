'use client';

// Adds companies to a group: a type-ahead over the suggestions (top 10); the confirm button waits
// until at least one company is ticked.
import * as React from 'react';
import { GROUP_TOASTS, groupsApi, serverMessage } from '@/lib/groups/client';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { showErrorToast, showSuccessToast } from '@/components/layout/toaster';
import { apiCall } from '@/lib/api/client';

type Suggestion = { Cui: number; Name: string };
const PICKER_TOP = 10;

export function AddCompaniesDialog({ group, onOpenChange, onAdded }: { group: { Id: number; Name: string } | null; onOpenChange: (open: boolean) => void; onAdded: () => void }) {
  const [text, setText] = React.useState('');
  const [items, setItems] = React.useState<Suggestion[]>([]);
  const [loading, setLoading] = React.useState(false);
  const [picked, setPicked] = React.useState<Map<number, string>>(new Map());
  const [saving, setSaving] = React.useState(false);
  const query = text.trim();

  const close = (open: boolean) => {
    if (!open) {
      // The form starts empty the next time it opens.
      setText('');
      setItems([]);
      setPicked(new Map());
    }
    onOpenChange(open);
  };

  React.useEffect(() => {
    if (!query) return;
    let live = true;
    const timer = window.setTimeout(() => {
      setLoading(true);
      apiCall('GET /api/Company/getTop5Companies', { query: { searchText: query, top: PICKER_TOP }, background: true })
        .then((list) => live && setItems(Array.isArray(list) ? list : []))
        .catch(() => live && setItems([]))
        .finally(() => live && setLoading(false));
    }, 250);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [query]);

  const toggle = (s: Suggestion, on: boolean) =>
    setPicked((prev) => {
      const next = new Map(prev);
      if (on) next.set(s.Cui, s.Name);
      else next.delete(s.Cui);
      return next;
    });

  const confirm = async () => {
    if (!group || picked.size === 0) return;
    setSaving(true);
    try {
      await groupsApi.addComapaniesToGroup(group.Id, [...picked.keys()]);
      showSuccessToast(GROUP_TOASTS.companiesAdded);
      onAdded();
      close(false);
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    } finally {
      setSaving(false);
    }
  };

  const found = query ? items : [];
  const shown = [...found, ...[...picked.entries()].filter(([cui]) => !found.some((i) => i.Cui === cui)).map(([Cui, Name]) => ({ Cui, Name }))];

  return (
    <Dialog open={group !== null} onOpenChange={close}>
      <DialogContent size="area">
        <DialogHeader>
          <DialogTitle>Adaugă companii</DialogTitle>
          <DialogDescription>{group ? `Căutați companiile și bifați-le pentru grupul „${group.Name}”.` : ''}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="add-companies-search" className="text-sm font-medium">
            Caută o companie
          </label>
          <Input id="add-companies-search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Nume sau CUI" autoComplete="off" />
        </div>
        <div className="min-h-24" aria-live="polite">
          {loading ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner /> Se caută…
            </p>
          ) : shown.length === 0 ? (
            <p className="text-sm text-muted-foreground">{query ? 'Nu există elemente!' : 'Scrieți numele sau CUI-ul unei companii.'}</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {shown.map((s) => (
                <li key={s.Cui} className="flex items-center gap-3 rounded-md px-2 py-1.5 hover:bg-muted">
                  <Checkbox id={`pick-${s.Cui}`} checked={picked.has(s.Cui)} onCheckedChange={(v) => toggle(s, v === true)} />
                  <label htmlFor={`pick-${s.Cui}`} className="min-w-0 flex-1 cursor-pointer text-sm">
                    <span className="font-medium">{s.Name}</span> <span className="text-muted-foreground">· CUI {s.Cui}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Renunță
          </Button>
          <Button type="button" disabled={picked.size === 0 || saving} onClick={() => void confirm()}>
            Adaugă {picked.size > 0 ? `(${picked.size})` : ''}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
