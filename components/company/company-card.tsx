import * as React from 'react';
import { Banknote, MapPin, TrendingUp, Users } from 'lucide-react';
import { cn } from '@/lib/utils';
import { formatCompact, formatNumber, formatRon } from '@/lib/format';
import { companyPath } from '@/lib/slug';
import type { CompanySearchItem } from '@/lib/search/types';

/** A company in a result list (lib/search/types.ts): search, suggestions, CAEN and customers lists. */
export type CompanyCardData = CompanySearchItem;

type CompanyCardProps = {
  company: CompanyCardData;
  /**
   * Top-right slot for the three-dot group menu: the groups feature passes it for
   * signed-in users; anonymous visitors get nothing.
   */
  menu?: React.ReactNode;
  /** Called when the company link is followed (e.g. to remember it in the last searched list). */
  onOpen?: (company: CompanyCardData) => void;
  /** Heading level of the name inside the page outline (default h3). */
  headingLevel?: 'h2' | 'h3' | 'h4';
  className?: string;
};

function Figure({ icon, label, value, title, tone }: { icon: React.ReactNode; label: string; value: string; title?: string; tone?: 'loss' }) {
  return (
    // A narrow card (a phone, a carousel) lists the figures one under another, label left and value
    // right, so "8,81 mld. lei" shows whole; from a 22rem wide card up, three boxes side by side.
    <div className="flex min-w-0 flex-row items-center justify-between gap-2 rounded-md bg-subtle px-2.5 py-1.5 @[22rem]/card:flex-col @[22rem]/card:items-start @[22rem]/card:justify-start @[22rem]/card:gap-0.5 @[22rem]/card:py-2">
      <dt className="flex items-center gap-1 text-xs text-muted-foreground">
        {icon}
        {label}
      </dt>
      <dd className={cn('text-right text-sm font-semibold break-words tabular-nums @[22rem]/card:text-left', tone === 'loss' ? 'text-destructive' : 'text-foreground')} title={title}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Company card: name, CAEN code and description, average employees, turnover, profit
 * and address. The name links to the company page in a new tab. Server- and client-renderable.
 */
export function CompanyCard({ company, menu, onOpen, headingLevel: Heading = 'h3', className }: CompanyCardProps) {
  const href = companyPath(company.Cui, company.Name);
  const profit = company.NetProfit ?? null;
  return (
    <article
      data-slot="company-card"
      data-cui={company.Cui}
      className={cn(
        '@container/card group/card relative flex h-full min-w-0 flex-col gap-3 rounded-lg border bg-background p-4 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md sm:p-5',
        className,
      )}
    >
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <Heading className="text-base leading-snug font-semibold break-words text-foreground">
            <a
              href={href}
              target="_blank"
              rel="noopener"
              onClick={onOpen ? () => onOpen(company) : undefined}
              className="rounded-sm text-foreground underline-offset-4 hover:text-primary hover:underline"
            >
              {company.Name}
              <span className="sr-only"> (se deschide într-o filă nouă)</span>
            </a>
          </Heading>
          <p className="text-xs text-muted-foreground">
            CUI <span className="font-medium text-foreground tabular-nums">{company.Cui}</span>
            {company.RegistrationCode ? <span> · {company.RegistrationCode}</span> : null}
          </p>
        </div>
        {menu ? <div className="shrink-0">{menu}</div> : null}
      </div>
      <p className="text-sm text-muted-foreground">
        {company.CaenCode ? (
          <>
            <span className="font-medium text-foreground">CAEN {company.CaenCode}</span>
            {company.CaenDescription ? <span> · {company.CaenDescription}</span> : null}
          </>
        ) : (
          'Cod CAEN necunoscut'
        )}
      </p>
      <dl className="grid grid-cols-1 gap-1.5 @[22rem]/card:grid-cols-3 @[22rem]/card:gap-2">
        <Figure
          icon={<Users className="size-3.5" aria-hidden="true" />}
          label="Angajați"
          value={formatNumber(company.AverageNumberOfEmployees ?? null)}
        />
        <Figure
          icon={<Banknote className="size-3.5" aria-hidden="true" />}
          label="Cifră afaceri"
          value={formatCompact(company.NetTurnover ?? null)}
          title={formatRon(company.NetTurnover ?? null)}
        />
        <Figure
          icon={<TrendingUp className="size-3.5" aria-hidden="true" />}
          label="Profit"
          value={formatCompact(profit)}
          title={formatRon(profit)}
          tone={profit !== null && profit < 0 ? 'loss' : undefined}
        />
      </dl>
      <p className="mt-auto flex items-start gap-1.5 text-sm text-muted-foreground">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">{company.Address || 'Adresă necunoscută'}</span>
      </p>
    </article>
  );
}
