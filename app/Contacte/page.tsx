import type { Metadata } from 'next';
import { AdminContacts } from '@/components/contacts/admin-contacts';
import { adminPageMetadata, adminSectionPage } from '@/app/_pages/section-page';

export const metadata: Metadata = adminPageMetadata('Administrarea contactelor');

export default adminSectionPage({ title: 'Administrarea contactelor', path: '/Contacte', crumb: 'Contacte', description: 'Căutați companiile după date de contact și rețele sociale, apoi modificați-le contactele.' }, AdminContacts);
