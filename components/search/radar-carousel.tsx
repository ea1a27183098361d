'use client';

// The radar carousel of the landing page: only from 768 px, autoplay every 5000 ms,
// wrap-around, no mouse drag. A pause button (WCAG 2.2.2) and arrows; autoplay also stops while
// the pointer or the focus is inside.
import * as React from 'react';
import { useMinWidth } from '@/components/layout/use-min-width';
import { BarChart3, ChevronLeft, ChevronRight, Gavel, Mail, Pause, Play, ShieldAlert } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useLazyEmbla } from '@/components/ui/use-lazy-embla';

const CAROUSEL_MIN_WIDTH = 768;
const CAROUSEL_AUTOPLAY_MS = 5000;

type Slide = { title: string; text: string; icon: React.ComponentType<{ className?: string }>; from: string; to: string; blips: Array<[number, number]> };

const SLIDES: Slide[] = [
  {
    title: 'Cifre financiare pe zece ani',
    text: 'Cifra de afaceri, profitul și numărul de angajați ale fiecărei firme, an de an, cu creșterile și salturile evidențiate.',
    icon: BarChart3,
    from: '#3641b8',
    to: '#5b67e0',
    blips: [[62, 30], [78, 58], [55, 70]],
  },
  {
    title: 'Riscul de insolvență, dintr-o privire',
    text: 'Un scor calculat din bilanț arată ce firme au risc ridicat și cum se compară cu cele din același domeniu.',
    icon: ShieldAlert,
    from: '#7c2d12',
    to: '#c2410c',
    blips: [[70, 34], [52, 62]],
  },
  {
    title: 'Licitații publice și proiecte europene',
    text: 'Contractele câștigate în SEAP, partenerii de afaceri și proiectele cu fonduri europene ale fiecărei firme.',
    icon: Gavel,
    from: '#14532d',
    to: '#15803d',
    blips: [[64, 28], [80, 50], [60, 74], [48, 44]],
  },
  {
    title: 'Grupuri și campanii de e-mail',
    text: 'Salvați firmele care vă interesează în grupuri, adăugați contacte și trimiteți-le e-mailuri din aplicație.',
    icon: Mail,
    from: '#312e81',
    to: '#6d28d9',
    blips: [[72, 40], [58, 66]],
  },
];

function RadarArt({ blips }: { blips: Array<[number, number]> }) {
  return (
    <svg viewBox="0 0 100 100" className="h-full w-full" aria-hidden="true" focusable="false">
      {[46, 34, 22, 10].map((r) => (
        <circle key={r} cx="50" cy="50" r={r} fill="none" stroke="#fff" strokeOpacity="0.35" strokeWidth="0.6" />
      ))}
      <line x1="4" y1="50" x2="96" y2="50" stroke="#fff" strokeOpacity="0.2" strokeWidth="0.4" />
      <line x1="50" y1="4" x2="50" y2="96" stroke="#fff" strokeOpacity="0.2" strokeWidth="0.4" />
      <path d="M50 50 L50 4 A46 46 0 0 1 93.7 35.8 Z" fill="#fff" fillOpacity="0.18" />
      {blips.map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="2.2" fill="#fdba74" />
      ))}
      <circle cx="50" cy="50" r="1.8" fill="#fff" />
    </svg>
  );
}

/**
 * Rendered on the server too and hidden below 768 px with CSS (md = 48rem), so it does not pop in
 * after hydration (no layout shift); autoplay runs only while it is shown.
 */
export function RadarCarousel() {
  const wide = useMinWidth(CAROUSEL_MIN_WIDTH);
  // The carousel's code loads only where the carousel is shown (from 768 px).
  const [viewportRef, embla] = useLazyEmbla(
    { loop: true, watchDrag: false },
    { enabled: wide, autoplay: { delay: CAROUSEL_AUTOPLAY_MS, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true } },
  );
  const [selected, setSelected] = React.useState(0);
  const [paused, setPaused] = React.useState(false);

  React.useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    onSelect();
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  React.useEffect(() => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const autoplay = embla?.plugins()?.autoplay;
    if (!autoplay) return;
    if (paused || reduced || !wide) autoplay.stop();
    else autoplay.play();
  }, [paused, embla, wide]);

  return (
    <section aria-roledescription="carusel" aria-label="Ce găsiți pe RadarFirme" className="mx-auto hidden w-full max-w-7xl px-4 py-12 sm:px-6 md:block lg:px-8">
      <div className="relative">
        <div ref={viewportRef} className="overflow-hidden rounded-2xl">
          <div className="flex" aria-live={paused ? 'polite' : 'off'}>
            {SLIDES.map((slide, i) => {
              const Icon = slide.icon;
              return (
                <div
                  key={slide.title}
                  role="group"
                  aria-roledescription="diapozitiv"
                  aria-label={`${i + 1} din ${SLIDES.length}: ${slide.title}`}
                  aria-hidden={i !== selected}
                  className="min-w-0 shrink-0 grow-0 basis-full"
                >
                  <div
                    className="grid min-h-72 grid-cols-[1.4fr_1fr] items-center gap-6 px-10 py-10 text-white lg:px-16"
                    style={{ backgroundImage: `linear-gradient(120deg, ${slide.from}, ${slide.to})` }}
                  >
                    <div className="flex flex-col gap-3">
                      <Icon className="size-9 text-white/90" aria-hidden="true" />
                      <h3 className="text-2xl font-bold lg:text-3xl">{slide.title}</h3>
                      <p className="max-w-xl text-base text-white/90 lg:text-lg">{slide.text}</p>
                    </div>
                    <div className="mx-auto aspect-square w-full max-w-64">
                      <RadarArt blips={slide.blips} />
                    </div>
                  </div>
                </div>
              );
            })}
          </div>
        </div>
        <div className="mt-4 flex items-center justify-center gap-3">
          <RoundButton onClick={() => embla?.scrollPrev()} label="Diapozitivul anterior">
            <ChevronLeft className="size-5" aria-hidden="true" />
          </RoundButton>
          <div className="flex gap-2">
            {SLIDES.map((slide, i) => (
              <button
                key={slide.title}
                type="button"
                aria-label={`Diapozitivul ${i + 1}`}
                aria-current={i === selected ? 'true' : undefined}
                onClick={() => embla?.scrollTo(i)}
                className="inline-flex size-6 items-center justify-center rounded-full"
              >
                <span className={cn('block size-2.5 rounded-full transition-colors', i === selected ? 'bg-primary' : 'bg-slate-400')} />
              </button>
            ))}
          </div>
          <RoundButton onClick={() => embla?.scrollNext()} label="Diapozitivul următor">
            <ChevronRight className="size-5" aria-hidden="true" />
          </RoundButton>
          <RoundButton onClick={() => setPaused((p) => !p)} label={paused ? 'Pornește derularea automată' : 'Oprește derularea automată'}>
            {paused ? <Play className="size-4" aria-hidden="true" /> : <Pause className="size-4" aria-hidden="true" />}
          </RoundButton>
        </div>
      </div>
    </section>
  );
}

/** The carousel's round controls (previous, next, pause). */
function RoundButton({ label, onClick, children }: { label: string; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="inline-flex size-10 items-center justify-center rounded-full border bg-background text-foreground hover:bg-muted"
    >
      {children}
    </button>
  );
}
