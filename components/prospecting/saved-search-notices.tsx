'use client';

// The saved searches' new matches on the notifications page (issue 50, decision 117): for an owner
// without a webhook for them, each check that found new companies is a notice here (the bell
// counts the unread ones) and a mail. Marking one read, or all from the feed, tells the bell.
import * as React from 'react';
import Link from 'next/link';
import { Check } from 'lucide-react';
import { prospectingApi } from '@/lib/prospecting/client';
import type { SavedSearchNoticeItem } from '@/lib/prospecting/schemas';
import { formatDateTime } from '@/lib/format';
import { pluralRo } from '@/lib/search-count';
import { announceUnreadChanged, UNREAD_CHANGED_EVENT } from '@/lib/watch/client';
import { serverMessage } from '@/lib/groups/client';
import { Button } from '@/components/ui/button';
import { showErrorToast } from '@/components/layout/toaster';

const SAVED_SEARCHES_PAGE = '/Cautari-salvate';

const found = (n: number) => (n === 1 ? 'o firmă nouă' : pluralRo(n, 'firmă nouă', 'firme noi'));

export function SavedSearchNotices() {
  const [notices, setNotices] = React.useState<SavedSearchNoticeItem[]>([]);
  const [version, setVersion] = React.useState(0);
  React.useEffect(() => {
    let live = true;
    prospectingApi.savedSearchNotices().then(
      (list) => live && setNotices(list),
      () => undefined,
    );
    // "Marchează toate ca citite" of the feed reads these too: reload when it says so.
    const reload = () => setVersion((v) => v + 1);
    window.addEventListener(UNREAD_CHANGED_EVENT, reload);
    return () => {
      live = false;
      window.removeEventListener(UNREAD_CHANGED_EVENT, reload);
    };
  }, [version]);
  if (!notices.length) return null;

  const markOne = async (n: SavedSearchNoticeItem) => {
    try {
      await prospectingApi.markSavedSearchNoticesRead([n.Id]);
      announceUnreadChanged();
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    }
  };

  return (
    <section aria-labelledby="saved-search-notices-title" className="mb-6 flex flex-col gap-3">
      <h2 id="saved-search-notices-title" className="text-lg font-semibold">
        Căutările salvate
      </h2>
      <ul className="flex flex-col divide-y rounded-lg border">
        {notices.map((n) => (
          <li key={n.Id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="saved-search-notice" data-read={n.ReadAt ? 'true' : 'false'}>
            <div className="flex min-w-0 flex-col gap-0.5">
              <span className="flex flex-wrap items-center gap-2">
                {n.ReadAt ? null : <span className="size-2 shrink-0 rounded-full bg-primary" aria-label="Necitită" role="img" />}
                <span className="break-words">
                  Căutarea „{n.Name}” a găsit {found(n.NewCount)}.
                </span>
              </span>
              <span className="text-xs text-muted-foreground">
                {formatDateTime(n.CreatedAt)} ·{' '}
                <Link href={SAVED_SEARCHES_PAGE} className="text-primary underline-offset-4 hover:underline">
                  Deschideți căutările salvate
                </Link>
              </span>
            </div>
            {n.ReadAt ? null : (
              <Button variant="ghost" size="sm" className="self-start sm:self-center" onClick={() => void markOne(n)} aria-label={`Marchează citită: căutarea ${n.Name}`}>
                <Check aria-hidden="true" />
                Marchează citită
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
