import { apiRoute } from '@/server/http/route';
import { sendSummaryQuery } from '@/lib/sending/schemas';
import { getSendSummary } from '@/server/sending/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getSendSummary', {
  query: sendSummaryQuery,
  handler: ({ actor, query }) => getSendSummary(actor, query.groupedMailId),
});
