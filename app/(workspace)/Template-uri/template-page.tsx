// What the template pages share (add, edit, draft): the id route's checks and the form page's frame.
import type * as React from 'react';
import { redirect } from 'next/navigation';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { PageContainer, PageHeader } from '@/components/layout/page-container';

export type TemplateRouteParams = { params: Promise<{ templateId: string; templateName: string }> };

/**
 * For /Template-uri/<section>/<id>/<name> (the group's layout lets only signed-in users in): an id
 * out of range sends the visitor to `fallback`. Returns the id and the page's canonical path (the name encoded once).
 */
export async function templateRoute({ params }: TemplateRouteParams, section: 'Editare' | 'Draft', fallback: string) {
  const { templateId, templateName } = await params;
  const id = Number(templateId);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) redirect(fallback);
  return { id, path: `/Template-uri/${section}/${id}/${encodeURIComponent(decodeURIComponent(templateName))}` };
}

/** The wide page of the template form: Acasă › Template-uri › the page, and its title. */
export function TemplateFormPage({ title, path, currentPath, children }: { title: string; path: string; currentPath?: string; children: React.ReactNode }) {
  return (
    <PageContainer className="max-w-[1400px]">
      <PageHeader
        title={title}
        breadcrumbs={
          <Breadcrumbs
            items={[
              { text: 'Acasă', path: '/' },
              { text: 'Template-uri', path: '/Template-uri' },
              { text: title, path },
            ]}
            currentPath={currentPath}
          />
        }
      />
      {children}
    </PageContainer>
  );
}
