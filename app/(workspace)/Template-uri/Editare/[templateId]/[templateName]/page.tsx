import type { Metadata } from 'next';
import { EditTemplate } from '@/components/templates/template-form';
import { TemplateFormPage, templateRoute, type TemplateRouteParams } from '../../../template-page';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Editare template', robots: { index: false } };

export default async function EditTemplatePage(props: TemplateRouteParams) {
  const { id, path } = await templateRoute(props, 'Editare', '/Template-uri');
  return (
    <TemplateFormPage title="Editare template" path={path} currentPath={path}>
      <EditTemplate templateId={id} />
    </TemplateFormPage>
  );
}
