import { apiRoute } from '@/server/http/route';
import { sendSummaryQuery } from '@/lib/sending/schemas';
import { getSendingPreview } from '@/server/sending/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getMailPreview', {
  query: sendSummaryQuery,
  handler: ({ actor, query }) => getSendingPreview(actor, query.groupedMailId),
});
