'use client';

import * as React from 'react';
import { Building2, BriefcaseBusiness, CircleCheck, Contact, Gavel, Landmark, Users } from 'lucide-react';
import { formatNumber } from '@/lib/format';

type LandingStatistic = { Name: string; CompaniesNr: number };

const COUNT_UP_MS = 1000;
const COUNT_UP_TICK_MS = 40;

const ICONS: Record<string, React.ComponentType<{ className?: string }>> = {
  Firme: Building2,
  'Firme active': CircleCheck,
  Reprezentanți: Users,
  Contacte: Contact,
  Licitații: Gavel,
  'Proiecte europene': Landmark,
};

function prefersReducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Counts from 0 to the real figures in about 1 s (40 ms ticks) when the strip comes into view. */
function useCountUp(targets: number[], ref: React.RefObject<HTMLElement | null>): number[] {
  const [values, setValues] = React.useState(targets);
  const key = targets.join(',');
  React.useEffect(() => {
    const el = ref.current;
    const final = key.split(',').map(Number);
    if (!el || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return;
    let timer: number | undefined;
    let started = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (started || !entries.some((e) => e.isIntersecting)) return;
        started = true;
        observer.disconnect();
        const steps = Math.round(COUNT_UP_MS / COUNT_UP_TICK_MS);
        let step = 0;
        setValues(final.map(() => 0));
        timer = window.setInterval(() => {
          step++;
          const t = step / steps;
          const eased = 1 - (1 - t) ** 3;
          setValues(final.map((v) => (step >= steps ? v : Math.round(v * eased))));
          if (step >= steps) window.clearInterval(timer);
        }, COUNT_UP_TICK_MS);
      },
      { threshold: 0.3 },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      if (timer) window.clearInterval(timer);
    };
  }, [key, ref]);
  return values;
}

/** Statistics strip: companies, active companies, representatives, contacts, bids, EU projects. */
export function LandingStats({ stats }: { stats: LandingStatistic[] }) {
  const ref = React.useRef<HTMLElement>(null);
  const values = useCountUp(
    stats.map((s) => s.CompaniesNr),
    ref,
  );
  return (
    <section ref={ref} aria-labelledby="stats-title" className="border-y bg-background">
      <h2 id="stats-title" className="sr-only">
        RadarFirme în cifre
      </h2>
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-px bg-border sm:grid-cols-3 lg:grid-cols-6">
        {stats.map((s, i) => {
          const Icon = ICONS[s.Name] ?? BriefcaseBusiness;
          return (
            <div key={s.Name} className="flex flex-col items-center gap-1 bg-background px-3 py-6 text-center">
              <dt className="order-2 text-sm text-muted-foreground">{s.Name}</dt>
              <dd className="order-1 flex flex-col items-center gap-1 text-2xl font-bold text-foreground tabular-nums sm:text-3xl">
                <Icon className="size-6 text-primary" aria-hidden="true" />
                <span aria-hidden="true">{formatNumber(values[i] ?? s.CompaniesNr)}</span>
                <span className="sr-only">{formatNumber(s.CompaniesNr)}</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
