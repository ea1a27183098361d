import type { Metadata } from 'next';
import { TakedownQueue } from '@/components/privacy/takedown-queue';
import { adminPageMetadata, sectionPage } from '@/app/_pages/section-page';

export const metadata: Metadata = adminPageMetadata('Cereri de date personale');

export default sectionPage({ title: 'Cereri de date personale', path: '/Cereri-date-personale', description: 'Cererile confirmate de ascundere a datelor unei persoane. O cerere acceptată ascunde persoana imediat, și după importurile următoare.' }, TakedownQueue);
