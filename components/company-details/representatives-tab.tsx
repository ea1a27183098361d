'use client';

import * as React from 'react';
import { Mail, Phone, UserPlus, UserRound } from 'lucide-react';
import { COMPANY_PAGE_LIMITS, contactHref } from '@/lib/company-rules';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { CompanyCardItem, CompanyDetails, PagedList } from '../../lib/company/types';
import { openLogin, useCompanyActions } from './actions';
import { SimilarCarousel } from './similar-carousel';
import { TakedownDialog } from '@/components/privacy/takedown-dialog';

export function RepresentativesTab({ details, similar, active }: { details: CompanyDetails; similar: PagedList<CompanyCardItem>; active: boolean }) {
  const [expanded, setExpanded] = React.useState(false);
  const actions = useCompanyActions();
  const reps = details.Representatives;
  const limit = COMPANY_PAGE_LIMITS.representativesPreview;
  const shown = expanded ? reps : reps.slice(0, limit);
  const onAdd = () => {
    if (actions.isSignedIn && actions.onEditContacts) actions.onEditContacts({ Cui: details.Cui, Name: details.Name });
    else openLogin();
  };
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="representatives-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="representatives-title" className="text-lg font-semibold">
            Reprezentanți
          </h3>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={onAdd}>
              <UserPlus aria-hidden="true" />
              Adaugă reprezentant
            </Button>
            <TakedownDialog cui={details.Cui} companyName={details.Name} />
          </div>
        </div>
        {reps.length === 0 ? (
          <EmptyState compact title="Nu există reprezentanți!" />
        ) : (
          <>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="representatives">
              {shown.map((r, i) => (
                <li key={`${r.Name}-${i}`} className="flex gap-3 rounded-lg border bg-background p-4">
                  <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary" aria-hidden="true">
                    <UserRound className="size-5" />
                  </span>
                  <div className="flex min-w-0 flex-col gap-0.5 text-sm">
                    <span className="font-semibold break-words">{r.Name}</span>
                    <span className="text-muted-foreground">{r.Role ?? '-'}</span>
                    {r.Email ? (
                      <a href={contactHref(r.Email)} className="inline-flex items-center gap-1.5 break-all text-primary hover:underline">
                        <Mail className="size-3.5 shrink-0" aria-hidden="true" />
                        {r.Email}
                      </a>
                    ) : null}
                    {r.PhoneNumber ? (
                      <a href={contactHref(r.PhoneNumber)} className="inline-flex items-center gap-1.5 text-primary hover:underline">
                        <Phone className="size-3.5 shrink-0" aria-hidden="true" />
                        {r.PhoneNumber}
                      </a>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
            {reps.length > limit ? (
              <Button variant="link" className="self-start" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
                {expanded ? 'Vezi mai puțini' : `Vezi toți reprezentanții (${reps.length})`}
              </Button>
            ) : null}
          </>
        )}
      </section>
      <SimilarCarousel cui={details.Cui} initial={similar} active={active} />
    </div>
  );
}
