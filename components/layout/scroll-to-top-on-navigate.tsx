'use client';

import { useEffect, useRef } from 'react';
import { usePathname } from 'next/navigation';

/** Scrolls the window to the top whenever the pathname changes (not on first render). */
export function ScrollToTopOnNavigate() {
  const pathname = usePathname();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
