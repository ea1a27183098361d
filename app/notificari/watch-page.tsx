// The frame of the signed-in monitoring pages (followed companies, notifications, settings).
import type { Metadata } from 'next';
import { PageContainer } from '@/components/layout/page-container';
import { SectionPageHeader } from '@/components/ui/page-header';
import { requirePageRole } from '@/server/auth/page-guard';
import { SIGNED_IN } from '@/server/auth/guard';

export const watchPageMetadata = (title: string): Metadata => ({ title, robots: { index: false, follow: false } });

export async function WatchPage({ title, path, description, children }: { title: string; path: string; description?: string; children: React.ReactNode }) {
  await requirePageRole(SIGNED_IN);
  return (
    <PageContainer>
      <SectionPageHeader title={title} path={path} description={description} />
      {children}
    </PageContainer>
  );
}
