import * as React from 'react';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { caenPath } from '@/lib/slug';
import type { CompanyDetails } from '../../lib/company/types';
import { GroupButton } from './group-button';
import { WatchButton } from '@/components/watch/watch-button';
import { ActionBarBell } from './action-bar-bell';

/** The sentence: city, county, establishment date and main CAEN code. */
export function companySentence(d: CompanyDetails): string {
  const isCapital = d.County != null && /^bucure[sș]ti$/i.test(d.County);
  const place = [d.Prefecture, d.County ? (isCapital ? d.County : `județul ${d.County}`) : null].filter(Boolean).join(', ');
  let text = `${d.Name} este o companie${place ? ` din ${place}` : ''}`;
  if (d.EstablishmentDate) text += `, înființată la ${formatDate(d.EstablishmentDate)}`;
  if (d.CaenCode) text += `, cu activitatea principală CAEN ${d.CaenCode}${d.CaenDescription ? ` – ${d.CaenDescription}` : ''}`;
  return `${text}.`;
}

export function CompanyHeader({ details }: { details: CompanyDetails }) {
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1.5">
          <h1 className="text-2xl font-bold tracking-tight text-balance break-words text-foreground sm:text-3xl">{details.Name}</h1>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span>
              CUI: <strong className="font-semibold text-foreground" data-testid="company-cui">{details.Cui}</strong>
            </span>
            {details.RegistrationCode ? (
              <span>
                Nr. înregistrare: <span className="text-foreground">{details.RegistrationCode}</span>
              </span>
            ) : null}
            {details.Status ? (
              <Badge variant={details.IsActive ? 'success' : 'neutral'} title={`Cod stare ${details.StatusCode}`}>
                {details.Status}
              </Badge>
            ) : null}
          </p>
        </div>
        {/* Below 768 px the same buttons form a bar fixed at the bottom, in reach of the thumb, with
            the bell for a signed-in user (decision 093); one set of buttons, so the server HTML
            and every test see one "Urmărește". */}
        <div
          data-slot="company-action-bar"
          className="flex flex-wrap gap-2 max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:z-30 max-md:h-(--action-bar-h) max-md:flex-nowrap max-md:items-center max-md:border-t max-md:bg-background max-md:px-3 max-md:pt-2 max-md:pb-[max(0.5rem,env(safe-area-inset-bottom))] max-md:shadow-[0_-4px_12px_rgb(15_23_42/0.08)] max-md:[&>button]:min-w-0 max-md:[&>button]:flex-1 max-md:[&>button]:overflow-hidden"
        >
          <WatchButton cui={details.Cui} />
          <GroupButton cui={details.Cui} name={details.Name} groupName={details.CompanyGroupName} />
          <ActionBarBell />
        </div>
      </div>
      <p className="max-w-4xl text-base leading-relaxed text-foreground/90">{companySentence(details)}</p>
      {details.OtherCaenCodes.length > 0 ? (
        <div className="flex flex-col gap-1.5">
          <h2 className="text-sm font-semibold text-foreground">Alte coduri CAEN</h2>
          <ul className="flex flex-wrap gap-2">
            {details.OtherCaenCodes.map((c) => (
              <li key={c.Code}>
                <Link
                  href={caenPath(c.Code)}
                  className="inline-flex max-w-full items-center gap-1 rounded-full border bg-subtle px-3 py-1 text-xs text-foreground hover:border-primary hover:text-primary"
                  title={c.Description ?? undefined}
                >
                  <span className="font-semibold">{c.Code}</span>
                  {c.Description ? <span className="max-w-[16rem] truncate text-muted-foreground">{c.Description}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </header>
  );
}
