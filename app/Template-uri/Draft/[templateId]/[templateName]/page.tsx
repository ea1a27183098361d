import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { PageContainer } from '@/components/layout/page-container';
import { DraftPageLoader } from '@/components/templates/draft-page';
import { requirePageRole } from '@/server/auth/page-guard';
import { SIGNED_IN } from '@/server/auth/guard';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Draft email', robots: { index: false } };

// templateId is the draft's id (the route keeps the product's parameter name).
export default async function DraftPage({ params }: { params: Promise<{ templateId: string; templateName: string }> }) {
  await requirePageRole(SIGNED_IN);
  const { templateId, templateName } = await params;
  const id = Number(templateId);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) redirect('/Drafturi-email');
  const path = `/Template-uri/Draft/${id}/${encodeURIComponent(decodeURIComponent(templateName))}`;
  return (
    <PageContainer className="max-w-[1400px]">
      <Breadcrumbs
        className="mb-3"
        items={[
          { text: 'Acasă', path: '/' },
          { text: 'Draft-uri', path: '/Drafturi-email' },
          { text: 'Draft', path },
        ]}
        currentPath={path}
      />
      <DraftPageLoader draftId={id} />
    </PageContainer>
  );
}
