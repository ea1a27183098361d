import type { Metadata } from 'next';
import { TemplateForm } from '@/components/templates/template-form';
import { TemplateFormPage } from '../template-page';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Adaugă template', robots: { index: false } };

export default async function AddTemplatePage() {
  return (
    <TemplateFormPage title="Adaugă template" path="/Template-uri/Adauga">
      <TemplateForm template={null} />
    </TemplateFormPage>
  );
}
