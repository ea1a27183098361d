import type { Metadata } from 'next';
import { ArrearsUpload } from '@/components/fiscal/arrears-upload';
import { adminPageMetadata, sectionPage } from '@/app/_pages/section-page';

export const metadata: Metadata = adminPageMetadata('Liste de datorii ANAF');

export default sectionPage(
  {
    title: 'Liste de datorii ANAF',
    path: '/Liste-datorii-ANAF',
    description: 'Importați listele trimestriale ANAF ale debitorilor cu obligații restante la bugete: sumele apar pe paginile firmelor, în filtrul de căutare și ca notificări pentru urmăritori.',
  },
  ArrearsUpload,
);
