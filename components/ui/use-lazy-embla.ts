'use client';

import * as React from 'react';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import type { AutoplayOptionsType } from 'embla-carousel-autoplay';

/**
 * Embla carousel attached to server-rendered slides, with its code fetched only when the carousel
 * is wanted (`enabled`: shown on screen, its tab opened). Until then the slides are a plain,
 * readable row and no carousel JavaScript is downloaded: embla and its autoplay plugin (about
 * 7.5 kB gzip) stay out of the first load of the pages that carry a carousel (decision 010).
 *
 * `options` and `autoplay` are read once, when the carousel is created (both callers pass
 * constants). The autoplay plugin, when asked for, is created stopped unless `autoplay.playOnInit`
 * says otherwise; reach it through `api.plugins().autoplay`.
 */
export function useLazyEmbla(
  options: EmblaOptionsType,
  { enabled = true, autoplay }: { enabled?: boolean; autoplay?: AutoplayOptionsType } = {},
): [(node: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [node, setNode] = React.useState<HTMLElement | null>(null);
  const [api, setApi] = React.useState<EmblaCarouselType>();
  const settings = React.useRef({ options, autoplay });
  // Once wanted, the carousel stays (hiding a tab again does not tear it down).
  const [wanted, setWanted] = React.useState(enabled);
  if (enabled && !wanted) setWanted(true);

  React.useEffect(() => {
    if (!node || !wanted) return;
    let created: EmblaCarouselType | undefined;
    let cancelled = false;
    const { options: opts, autoplay: auto } = settings.current;
    Promise.all([import('embla-carousel'), auto ? import('embla-carousel-autoplay') : null])
      .then(([{ default: EmblaCarousel }, autoplayModule]) => {
        if (cancelled) return;
        created = EmblaCarousel(node, opts, autoplayModule && auto ? [autoplayModule.default(auto)] : []);
        setApi(created);
      })
      .catch(() => {
        // Offline or a failed chunk: the slides stay a plain row, still readable and scrollable.
      });
    return () => {
      cancelled = true;
      created?.destroy();
      setApi(undefined);
    };
  }, [node, wanted]);

  return [setNode, api];
}
