import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { PageContainer } from '@/components/layout/page-container';
import { DraftPageLoader } from '@/components/templates/draft-page';
import { templateRoute, type TemplateRouteParams } from '../../../template-page';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Draft email', robots: { index: false } };

// templateId is the draft's id (the route keeps the product's parameter name).
export default async function DraftPage(props: TemplateRouteParams) {
  const { id, path } = await templateRoute(props, 'Draft', '/Drafturi-email');
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
