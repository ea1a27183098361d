'use client';

// Partial hydration (decision 029): a part of a server-rendered page that needs no JavaScript until
// the visitor acts keeps the server's HTML as it is when the page hydrates. React creates no
// components and walks none of its DOM: on a phone the advanced search's hidden filter panel and
// its 20 result cards were most of the hydration cost (Lighthouse mobile TBT and LCP).
//
// How: on the server the children render normally. During the page's hydration the client renders
// an element of the same type whose content is `dangerouslySetInnerHTML: ''`; React hydrates the
// element itself and leaves its existing children alone (the markup it would have set is not
// compared in production; the warning is suppressed). The component's owner switches to the live
// children later (a `live` prop change remounts the element, replacing the static copy).
//
// Only during hydration: a component rendered after the app's first commit (a client-side
// navigation, a remount) renders its children, since there is no server HTML to keep.
import * as React from 'react';

let appHydrated = false;

/** Called once by the root client provider after the first commit: from now on every render is a client render. */
export function markAppHydrated(): void {
  appHydrated = true;
}

/** True when the component is rendering as part of the page's hydration (read once, at mount). */
export function useIsHydrationRender(): boolean {
  // The root layout marks its server HTML (data-rf-ssr): a component rendered into a document the
  // server did not render (a unit test) renders its children.
  const [hydrating] = React.useState(() => typeof window !== 'undefined' && !appHydrated && document.documentElement.hasAttribute('data-rf-ssr'));
  return hydrating;
}

type Props = {
  /** Render the live children (true) or, if this mount hydrated server HTML, keep that HTML (false). */
  live: boolean;
  className?: string;
  children: React.ReactNode;
} & Omit<React.HTMLAttributes<HTMLDivElement>, 'children' | 'dangerouslySetInnerHTML'>;

/** A div whose server-rendered content is kept, not hydrated, until `live` turns true. */
export function KeepServerHtml({ live, children, ...rest }: Props) {
  const hydrating = useIsHydrationRender();
  if (hydrating && !live) return <div key="static" {...rest} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />;
  return (
    <div key="live" {...rest}>
      {children}
    </div>
  );
}
