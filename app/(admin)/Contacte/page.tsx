import type { Metadata } from 'next';
import { AdminContacts } from '@/components/contacts/admin-contacts';
import { adminPageMetadata, sectionPage } from '@/app/_pages/section-page';

export const metadata: Metadata = adminPageMetadata('Administrarea contactelor');

export default sectionPage({ title: 'Administrarea contactelor', path: '/Contacte', crumb: 'Contacte', description: 'Căutați companiile după date de contact și rețele sociale, apoi modificați-le contactele.' }, AdminContacts);
