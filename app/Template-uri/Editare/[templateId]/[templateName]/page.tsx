import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { EditTemplate } from '@/components/templates/template-form';
import { requirePageRole } from '@/server/auth/page-guard';
import { SIGNED_IN } from '@/server/auth/guard';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Editare template', robots: { index: false } };

export default async function EditTemplatePage({ params }: { params: Promise<{ templateId: string; templateName: string }> }) {
  await requirePageRole(SIGNED_IN);
  const { templateId, templateName } = await params;
  const id = Number(templateId);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) redirect('/Template-uri');
  const path = `/Template-uri/Editare/${id}/${encodeURIComponent(decodeURIComponent(templateName))}`;
  return (
    <PageContainer className="max-w-[1400px]">
      <PageHeader
        title="Editare template"
        breadcrumbs={
          <Breadcrumbs
            items={[
              { text: 'Acasă', path: '/' },
              { text: 'Template-uri', path: '/Template-uri' },
              { text: 'Editare template', path },
            ]}
            currentPath={path}
          />
        }
      />
      <EditTemplate templateId={id} />
    </PageContainer>
  );
}
