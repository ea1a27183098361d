import type { Metadata } from 'next';
import { DraftsList } from '@/components/templates/drafts-list';
import { privatePageMetadata, sectionPage } from '@/app/_pages/section-page';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = privatePageMetadata('Draft-uri');

export default sectionPage({ title: 'Draft-uri', path: '/Drafturi-email', description: 'Email-urile pregătite și încă netrimise.' }, DraftsList);
