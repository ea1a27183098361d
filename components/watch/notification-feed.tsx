'use client';

// The notifications feed: newest first, filtered by kind or unread, each marked read on its own or
// all at once; 20 a page.
import * as React from 'react';
import Link from 'next/link';
import { Check, CheckCheck, Settings } from 'lucide-react';
import { formatDate } from '@/lib/format';
import { serverMessage } from '@/lib/groups/client';
import { getPaginationLayout } from '@/lib/pagination';
import { companyPath } from '@/lib/slug';
import { announceUnreadChanged, notificationApi } from '@/lib/watch/client';
import { CHANGE_KINDS, CHANGE_KIND_LABELS, SOURCE_LABELS, describeChange } from '@/lib/watch/kinds';
import { NOTIFICATION_SETTINGS_PATH } from '@/lib/watch/paths';
import type { NotificationItem } from '@/lib/watch/types';
import type { Paged } from '@/lib/shared/paged';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { EmptyState } from '@/components/ui/empty-state';
import { ResultCount } from '@/components/ui/list-search-form';
import { LayoutPagination } from '@/components/ui/pagination';
import { showErrorToast } from '@/components/layout/toaster';
import { SettingSelect } from './native-select';

const KIND_OPTIONS = [{ value: '', label: 'Toate' }, ...CHANGE_KINDS.map((k) => ({ value: k, label: CHANGE_KIND_LABELS[k] }))];

export function NotificationFeed() {
  const [kind, setKind] = React.useState('');
  const [unreadOnly, setUnreadOnly] = React.useState(false);
  const [page, setPage] = React.useState(1);
  const [version, setVersion] = React.useState(0);
  const key = JSON.stringify([kind, unreadOnly, page, version]);
  const [loaded, setLoaded] = React.useState<{ key: string; data: Paged<NotificationItem> } | null>(null);
  const data = loaded?.key === key ? loaded.data : null;

  React.useEffect(() => {
    let live = true;
    notificationApi
      .getNotifications({ Kind: kind, UnreadOnly: unreadOnly, PageNumber: page })
      .then((r) => live && setLoaded({ key, data: r }))
      .catch((e) => {
        if (!live) return;
        setLoaded({ key, data: { Items: [], Count: 0, NumberOfPages: 0 } });
        showErrorToast(serverMessage(e) ?? undefined);
      });
    return () => {
      live = false;
    };
  }, [key, kind, unreadOnly, page]);

  const after = () => {
    setVersion((v) => v + 1);
    announceUnreadChanged();
  };
  const markOne = async (n: NotificationItem) => {
    try {
      await notificationApi.markRead([n.NotificationId]);
      after();
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    }
  };
  const markAll = async () => {
    try {
      await notificationApi.markAllRead();
      after();
    } catch (e) {
      showErrorToast(serverMessage(e) ?? undefined);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <SettingSelect
          id="feed-kind"
          label="Tipul modificării"
          options={KIND_OPTIONS}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value);
            setPage(1);
          }}
        />
        <div className="flex items-center gap-2 sm:h-10">
          <Checkbox
            id="feed-unread"
            checked={unreadOnly}
            onCheckedChange={(v) => {
              setUnreadOnly(v === true);
              setPage(1);
            }}
          />
          <Label htmlFor="feed-unread">Doar necitite</Label>
        </div>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <Button variant="outline" onClick={() => void markAll()} data-testid="mark-all-read">
            <CheckCheck aria-hidden="true" />
            Marchează toate ca citite
          </Button>
          <Button asChild variant="ghost">
            <Link href={NOTIFICATION_SETTINGS_PATH}>
              <Settings aria-hidden="true" />
              Setări
            </Link>
          </Button>
        </div>
      </div>
      <ResultCount count={data?.Count ?? null} />
      {data && data.Items.length === 0 ? <EmptyState title="Nu aveți notificări." compact /> : null}
      <ul className="flex flex-col divide-y rounded-lg border empty:hidden" aria-busy={data === null}>
        {(data?.Items ?? []).map((n) => (
          <li key={n.NotificationId} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="notification" data-read={n.ReadAt ? 'true' : 'false'}>
            <div className="flex min-w-0 flex-col gap-0.5">
              <span className="flex flex-wrap items-center gap-2">
                {n.ReadAt ? null : <span className="size-2 shrink-0 rounded-full bg-primary" aria-label="Necitită" role="img" />}
                <Link href={companyPath(n.Cui, n.CompanyName)} className="font-medium text-primary underline-offset-4 hover:underline">
                  {n.CompanyName}
                </Link>
              </span>
              <span className="text-sm break-words">{describeChange(n)}</span>
              <span className="text-xs text-muted-foreground">
                {SOURCE_LABELS[n.Source] ?? n.Source}, {formatDate(n.DataDate)}
              </span>
            </div>
            {n.ReadAt ? null : (
              <Button variant="ghost" size="sm" className="self-start sm:self-center" onClick={() => void markOne(n)} aria-label={`Marchează citită: ${n.CompanyName}, ${describeChange(n)}`}>
                <Check aria-hidden="true" />
                Marchează citită
              </Button>
            )}
          </li>
        ))}
      </ul>
      <LayoutPagination layout={getPaginationLayout(page, data?.NumberOfPages ?? 0)} onChange={setPage} />
    </div>
  );
}
