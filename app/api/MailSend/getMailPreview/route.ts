import { apiRoute } from '@/server/http/route';
import { getSendingPreview } from '@/server/sending/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getMailPreview', {
  handler: ({ actor, query }) => getSendingPreview(actor, query.groupedMailId),
});
