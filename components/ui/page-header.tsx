import * as React from 'react';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { PageContainer, PageHeader } from '@/components/layout/page-container';

export type SectionPageHeaderProps = {
  /** The page's <h1>, also its breadcrumb unless `crumb` is given. */
  title: string;
  /** The page's path, the last breadcrumb (after Acasă). */
  path: string;
  crumb?: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  /** The path the active breadcrumb is matched against (defaults to the current pathname). */
  currentPath?: string;
};

/** The header of a page one step below Home: breadcrumbs Acasă › the page, then its title and description. */
export function SectionPageHeader({ title, path, crumb, description, actions, currentPath }: SectionPageHeaderProps) {
  return (
    <PageHeader
      breadcrumbs={
        <Breadcrumbs
          items={[
            { text: 'Acasă', path: '/' },
            { text: crumb ?? title, path },
          ]}
          currentPath={currentPath}
        />
      }
      title={title}
      description={description}
      actions={actions}
    />
  );
}

/** A whole page one step below Home: the page column, its SectionPageHeader, then the content. */
export function SectionPage({ className, children, ...header }: SectionPageHeaderProps & { className?: string; children: React.ReactNode }) {
  return (
    <PageContainer className={className}>
      <SectionPageHeader {...header} />
      {children}
    </PageContainer>
  );
}
