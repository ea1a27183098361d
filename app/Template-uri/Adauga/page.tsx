import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { TemplateForm } from '@/components/templates/template-form';
import { requirePageRole } from '@/server/auth/page-guard';
import { SIGNED_IN } from '@/server/auth/guard';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Adaugă template', robots: { index: false } };

export default async function AddTemplatePage() {
  await requirePageRole(SIGNED_IN);
  return (
    <PageContainer className="max-w-[1400px]">
      <PageHeader
        title="Adaugă template"
        breadcrumbs={
          <Breadcrumbs
            items={[
              { text: 'Acasă', path: '/' },
              { text: 'Template-uri', path: '/Template-uri' },
              { text: 'Adaugă template', path: '/Template-uri/Adauga' },
            ]}
          />
        }
      />
      <TemplateForm template={null} />
    </PageContainer>
  );
}
