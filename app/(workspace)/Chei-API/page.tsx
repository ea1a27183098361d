// "Chei API" (issue 29): the signed-in user's keys of the public API; an Admin also sees every key
// with its limits (the API checks the role again on each call).
import { SectionPage } from '@/components/ui/page-header';
import { ApiKeysSettings } from '@/components/api-keys/api-keys-settings';
import { AdminApiKeys } from '@/components/api-keys/admin-api-keys';
import { privatePageMetadata } from '@/app/_pages/section-page';
import { requirePageAudience } from '@/server/auth/page-guard';
import { isAdmin } from '@/server/auth/actor';

export const dynamic = 'force-dynamic';
export const metadata = privatePageMetadata('Chei API');

export default async function ApiKeysPage() {
  const actor = await requirePageAudience('signed-in');
  return (
    <SectionPage title="Chei API" path="/Chei-API" description="Chei pentru API-ul public RadarFirme: create, folosite și revocate de dumneavoastră.">
      <ApiKeysSettings />
      {isAdmin(actor) ? <AdminApiKeys /> : null}
    </SectionPage>
  );
}
