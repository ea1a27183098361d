import type { Metadata } from 'next';
import { ClaimsReview } from '@/components/claims/claims-review';
import { adminPageMetadata, sectionPage } from '@/app/_pages/section-page';

export const metadata: Metadata = adminPageMetadata('Cereri de pretindere a companiei');

export default sectionPage({ title: 'Cereri de pretindere a companiei', path: '/PretindereCompanie', description: 'Aprobați sau respingeți cererile prin care utilizatorii pretind o companie. Solicitantul primește decizia prin e-mail.' }, ClaimsReview);
