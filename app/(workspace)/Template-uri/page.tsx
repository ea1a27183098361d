import type { Metadata } from 'next';
import { TemplatesList } from '@/components/templates/templates-list';
import { privatePageMetadata, sectionPage } from '@/app/_pages/section-page';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = privatePageMetadata('Template-uri');

export default sectionPage({ title: 'Template-uri', path: '/Template-uri', description: 'Email-urile pe care le proiectați o dată și le trimiteți firmelor din grupurile dumneavoastră.' }, TemplatesList);
