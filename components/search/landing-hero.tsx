import * as React from 'react';
import { LastSearchedChips } from './last-searched-chips';
import { SuggestionBox } from './suggestion-box';

/** Landing hero: the suggestion box with a Search button and the last searched companies. */
export function LandingHero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative z-10 -mt-(--header-h) bg-gradient-to-b from-primary-soft via-[#f5f6ff] to-background pt-(--header-h)"
    >
      <div className="pointer-events-none absolute inset-0 overflow-hidden" aria-hidden="true">
        <RadarBackdrop />
      </div>
      <div className="relative mx-auto flex max-w-4xl flex-col items-center gap-5 px-4 pt-12 pb-14 text-center sm:px-6 sm:pt-20 sm:pb-20">
        <p className="rounded-full bg-background/80 px-3 py-1 text-xs font-semibold tracking-wide text-primary uppercase ring-1 ring-primary/15">
          Informații despre firmele din România
        </p>
        <h1 id="hero-title" className="text-3xl font-bold tracking-tight text-balance text-foreground sm:text-5xl">
          Găsește orice firmă după nume sau CUI
        </h1>
        <p className="max-w-2xl text-base text-balance text-muted-foreground sm:text-lg">
          Cifră de afaceri, profit, angajați, risc de insolvență, licitații și proiecte europene, într-un singur loc.
        </p>
        <SuggestionBox variant="hero" withButton placeholder="Scrie numele firmei sau CUI-ul" className="mt-2 max-w-3xl" />
        <LastSearchedChips tone="hero" className="justify-center" />
      </div>
    </section>
  );
}

function RadarBackdrop() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 800 800"
      className="pointer-events-none absolute top-1/2 left-1/2 -z-0 h-[900px] w-[900px] -translate-x-1/2 -translate-y-1/2 opacity-60"
    >
      {[120, 220, 320, 400].map((r) => (
        <circle key={r} cx="400" cy="400" r={r} fill="none" stroke="#3641b8" strokeOpacity="0.08" strokeWidth="2" />
      ))}
      <line x1="400" y1="0" x2="400" y2="800" stroke="#3641b8" strokeOpacity="0.05" />
      <line x1="0" y1="400" x2="800" y2="400" stroke="#3641b8" strokeOpacity="0.05" />
    </svg>
  );
}
