// Pages one step below Home that show one list component under a SectionPageHeader
// (the private `_pages` folder is not a route).
import type { Metadata } from 'next';
import type * as React from 'react';
import { SectionPage, type SectionPageHeaderProps } from '@/components/ui/page-header';
import { requirePageRole } from '@/server/auth/page-guard';
import { SIGNED_IN } from '@/server/auth/guard';

type Header = Omit<SectionPageHeaderProps, 'actions' | 'currentPath'>;

/** Metadata of a page for signed-in users: its title, kept out of search engines. */
export function privatePageMetadata(title: string): Metadata {
  return { title, robots: { index: false } };
}

/** Metadata of an Admin page: its title, neither indexed nor followed. */
export function adminPageMetadata(title: string): Metadata {
  return { title, robots: { index: false, follow: false } };
}

function renderSectionPage(header: Header, Content: React.ComponentType) {
  return (
    <SectionPage {...header}>
      <Content />
    </SectionPage>
  );
}

/** A page for Admins only (the proxy guards the route; the API checks the role again). */
export function adminSectionPage(header: Header, Content: React.ComponentType) {
  return function AdminSectionPage() {
    return renderSectionPage(header, Content);
  };
}

/** A page for signed-in users: anyone else is sent Home. */
export function signedInSectionPage(header: Header, Content: React.ComponentType) {
  return async function SignedInSectionPage() {
    await requirePageRole(SIGNED_IN);
    return renderSectionPage(header, Content);
  };
}
