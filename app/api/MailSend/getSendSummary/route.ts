import { apiRoute } from '@/server/http/route';
import { getSendSummary } from '@/server/sending/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getSendSummary', {
  handler: ({ actor, query }) => getSendSummary(actor, query.groupedMailId),
});
