import type { Metadata } from 'next';
import { SendingsTable } from '@/components/sending/sendings-table';
import { privatePageMetadata, sectionPage } from '@/app/_pages/section-page';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = privatePageMetadata('Email-uri trimise');

export default sectionPage({ title: 'Email-uri trimise', path: '/Emailuri-trimise', description: 'Campaniile trimise de dumneavoastră și cele trimise grupurilor din care faceți parte.' }, SendingsTable);
