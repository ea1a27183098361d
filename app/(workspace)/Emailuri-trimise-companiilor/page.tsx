import type { Metadata } from 'next';
import { CompaniesMails } from '@/components/sending/companies-mails';
import { privatePageMetadata, sectionPage } from '@/app/_pages/section-page';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = privatePageMetadata('Email-urile trimise companiilor');

export default sectionPage({ title: 'Email-urile trimise companiilor', path: '/Emailuri-trimise-companiilor', description: 'Companiile cărora le-ați trimis email-uri și starea fiecărui mesaj.' }, CompaniesMails);
