// Pages one step below Home that show one list component under a SectionPageHeader
// (the private `_pages` folder is not a route). Who may open them is the layout's business: the
// route group the page sits in (server/auth/guard.ts).
import type { Metadata } from 'next';
import type * as React from 'react';
import { SectionPage, type SectionPageHeaderProps } from '@/components/ui/page-header';

type Header = Omit<SectionPageHeaderProps, 'actions' | 'currentPath'>;

/** Metadata of a page for signed-in users: its title, kept out of search engines. */
export function privatePageMetadata(title: string): Metadata {
  return { title, robots: { index: false } };
}

/** Metadata of an Admin page: its title, neither indexed nor followed. */
export function adminPageMetadata(title: string): Metadata {
  return { title, robots: { index: false, follow: false } };
}

/** A page of one list component under its section header. */
export function sectionPage(header: Header, Content: React.ComponentType) {
  return function SectionListPage() {
    return (
      <SectionPage {...header}>
        <Content />
      </SectionPage>
    );
  };
}
