// "Webhook-uri" (issue 50): the signed-in user's webhook endpoints, next to the API keys.
import { SectionPage } from '@/components/ui/page-header';
import { WebhooksSettings } from '@/components/webhooks/webhooks-settings';
import { privatePageMetadata } from '@/app/_pages/section-page';
import { requirePageAudience } from '@/server/auth/page-guard';

export const dynamic = 'force-dynamic';
export const metadata = privatePageMetadata('Webhook-uri');

export default async function WebhooksPage() {
  await requirePageAudience('signed-in');
  return (
    <SectionPage title="Webhook-uri" path="/Webhook-uri" description="Evenimentele RadarFirme trimise, semnate, la serverele echipei dumneavoastră (CRM, automatizări).">
      <WebhooksSettings />
    </SectionPage>
  );
}
