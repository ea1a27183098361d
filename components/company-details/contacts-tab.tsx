'use client';

import * as React from 'react';
import { Globe, LifeBuoy, Mail, Phone, UserRound } from 'lucide-react';
import { COMPANY_PAGE_LIMITS, contactHref } from '@/lib/company-rules';
import { safeHref } from '@/lib/shared/safe-url';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { CompanyDetails, PublicContact } from '../../lib/company/types';
import { useJson } from './use-json';
import { openLogin, useCompanyActions } from './actions';
import { TabSkeleton } from './tab-skeleton';
import { showErrorToast } from '@/components/layout/toaster';
import { apiCall } from '@/lib/api/client';

const NO_CONTACTS = 'Nu există contacte!';

function Preview<T>({ title, items, render, icon }: { title: string; items: T[]; render: (item: T) => React.ReactNode; icon: React.ReactNode }) {
  const [expanded, setExpanded] = React.useState(false);
  const limit = COMPANY_PAGE_LIMITS.contactsPreview;
  if (items.length === 0) return null;
  const shown = expanded ? items : items.slice(0, limit);
  return (
    <section className="flex flex-col gap-2 rounded-lg border bg-background p-4" aria-label={title}>
      <h4 className="flex items-center gap-2 text-sm font-semibold">
        {icon}
        {title} <span className="font-normal text-muted-foreground">({items.length})</span>
      </h4>
      <ul className="flex flex-col gap-1.5 text-sm">
        {shown.map((item, i) => (
          <li key={i} className="break-words">
            {render(item)}
          </li>
        ))}
      </ul>
      {items.length > limit ? (
        <Button variant="link" size="sm" className="self-start" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
          {expanded ? 'Vezi mai puține' : `Vezi toate (${items.length})`}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * Anonymous visitors get the public contacts; a signed-in user the public ones plus their own
 * (private ones included), with the bearer token of the API client.
 */
function useContacts(cui: number, signedIn: boolean, reloadKey: string) {
  const anonymous = useJson('GET /api/Contact/getContactsByCompany', signedIn ? null : { query: { cui } }, reloadKey);
  const [mine, setMine] = React.useState<{ key: string; data?: PublicContact[]; failed: boolean } | null>(null);
  const key = `${cui}:${reloadKey}`;
  React.useEffect(() => {
    if (!signedIn) return;
    let live = true;
    apiCall('GET /api/Contact/getUserContactsByCompany', { query: { cui }, background: true }).then(
      (data) => live && setMine({ key, data, failed: false }),
      () => {
        if (!live) return;
        showErrorToast();
        setMine((m) => ({ key, data: m?.data, failed: true }));
      },
    );
    return () => {
      live = false;
    };
  }, [signedIn, cui, key]);
  if (!signedIn) return anonymous;
  return { data: mine?.data, failed: mine?.key === key && mine.failed };
}

/** Phones, emails, contact people and social links of the company, loaded when the tab opens. */
export function ContactsTab({ details, reloadKey }: { details: CompanyDetails; reloadKey: number }) {
  const actions = useCompanyActions();
  const res = useContacts(details.Cui, actions.isSignedIn, `${reloadKey}.${actions.contactsVersion ?? 0}`);
  if (res.data === undefined && !res.failed) return <TabSkeleton />;
  const contacts = res.data ?? [];
  const phones = contacts.filter((c) => c.PhoneNumber).map((c) => ({ PhoneNumber: c.PhoneNumber!, Name: c.Name }));
  const emails = contacts.filter((c) => c.Email).map((c) => ({ Email: c.Email!, Name: c.Name }));
  const people = contacts.filter((c) => c.Name || c.Role);
  const social = details.SocialMedia;
  const onEdit = () => {
    if (actions.isSignedIn && actions.onEditContacts) actions.onEditContacts({ Cui: details.Cui, Name: details.Name });
    else openLogin();
  };
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
      <div className="flex flex-col gap-4" data-testid="contacts">
        {contacts.length === 0 && social.length === 0 ? (
          <EmptyState compact title={NO_CONTACTS} />
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            <Preview
              title="Telefoane"
              icon={<Phone className="size-4 text-primary" aria-hidden="true" />}
              items={phones}
              render={(p) => (
                <>
                  <a href={contactHref(p.PhoneNumber)} className="font-medium text-primary hover:underline">
                    {p.PhoneNumber}
                  </a>
                  {p.Name ? <span className="text-muted-foreground"> · {p.Name}</span> : null}
                </>
              )}
            />
            <Preview
              title="Email-uri"
              icon={<Mail className="size-4 text-primary" aria-hidden="true" />}
              items={emails}
              render={(e) => (
                <>
                  <a href={contactHref(e.Email)} className="font-medium break-all text-primary hover:underline">
                    {e.Email}
                  </a>
                  {e.Name ? <span className="text-muted-foreground"> · {e.Name}</span> : null}
                </>
              )}
            />
            <Preview
              title="Persoane de contact"
              icon={<UserRound className="size-4 text-primary" aria-hidden="true" />}
              items={people}
              render={(c) => (
                <>
                  <span className="font-medium">{c.Name ?? '-'}</span>
                  <span className="text-muted-foreground"> · {c.Role ?? '-'}</span>
                  {c.Private ? <span className="ml-1 rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">privat</span> : null}
                </>
              )}
            />
            <Preview
              title="Rețele sociale și website"
              icon={<Globe className="size-4 text-primary" aria-hidden="true" />}
              items={social}
              render={(s) => {
                const href = safeHref(s.Url);
                const text = (
                  <>
                    <span className="font-medium">{s.Platform}</span>: <span className="break-all">{s.Url}</span>
                  </>
                );
                // A stored address that is not a web address (written before the rule) is shown as text, never as a link.
                return href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-primary hover:underline">
                    {text}
                  </a>
                ) : (
                  <span>{text}</span>
                );
              }}
            />
          </div>
        )}
      </div>
      <aside className="flex flex-col gap-3 rounded-lg border bg-info-soft p-4 text-sm">
        <h4 className="flex items-center gap-2 font-semibold text-info-strong">
          <LifeBuoy className="size-4" aria-hidden="true" />
          Ai date de contact mai noi?
        </h4>
        <p>
          {actions.isSignedIn
            ? 'Adaugă sau corectează contactele tale pentru această companie. Cele marcate private sunt vizibile doar pentru tine.'
            : 'Contactele publice provin din surse oficiale și de la utilizatori. Conectează-te pentru a adăuga contactele tale pentru această companie.'}
        </p>
        <Button variant="outline" size="sm" className="self-start" onClick={onEdit}>
          Editează contactele
        </Button>
      </aside>
    </div>
  );
}
