'use client';

import * as React from 'react';

/**
 * True while the viewport is at least `px` wide. False on the server and during hydration (the
 * server cannot know the width), then the real value; false where matchMedia is missing (tests).
 */
export function useMinWidth(px: number): boolean {
  return React.useSyncExternalStore(
    (cb) => {
      const mq = window.matchMedia?.(`(min-width: ${px}px)`);
      mq?.addEventListener('change', cb);
      return () => mq?.removeEventListener('change', cb);
    },
    () => window.matchMedia?.(`(min-width: ${px}px)`).matches ?? false,
    () => false,
  );
}
