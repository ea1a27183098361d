import type { Metadata } from 'next';
import { AuditLog } from '@/components/privacy/audit-log';
import { adminPageMetadata, sectionPage } from '@/app/_pages/section-page';

export const metadata: Metadata = adminPageMetadata('Jurnal de audit');

export default sectionPage({ title: 'Jurnal de audit', path: '/Jurnal-audit', description: 'Acțiunile administratorilor: cine, când, ce și valoarea anterioară. Jurnalul nu poate fi modificat.' }, AuditLog);
