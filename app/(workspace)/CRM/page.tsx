// "CRM" (issue 50, decision 109): the signed-in user's HubSpot and Pipedrive connections, next to
// the API keys and the webhooks.
import { SectionPage } from '@/components/ui/page-header';
import { CrmSettings } from '@/components/crm/crm-settings';
import { privatePageMetadata } from '@/app/_pages/section-page';
import { requirePageAudience } from '@/server/auth/page-guard';

export const dynamic = 'force-dynamic';
export const metadata = privatePageMetadata('CRM');

export default async function CrmPage() {
  await requirePageAudience('signed-in');
  return (
    <SectionPage title="CRM" path="/CRM" description="Trimiteți firmele grupurilor în HubSpot sau Pipedrive și aflați care sunt deja în CRM-ul echipei.">
      <CrmSettings />
    </SectionPage>
  );
}
