import type { Metadata } from 'next';
import { SavedSearchesList } from '@/components/prospecting/saved-searches-list';
import { privatePageMetadata, sectionPage } from '@/app/_pages/section-page';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = privatePageMetadata('Căutări salvate');

export default sectionPage({ title: 'Căutări salvate', path: '/Cautari-salvate', description: 'Filtrele pe care le-ați păstrat din Căutare avansată: câte firme se potrivesc acum și câte sunt noi de la ultima deschidere.' }, SavedSearchesList);
