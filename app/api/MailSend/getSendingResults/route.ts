import { apiRoute } from '@/server/http/route';
import { sendingResultsQuery } from '@/lib/sending/schemas';
import { getSendingResults } from '@/server/sending/results';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getSendingResults', {
  query: sendingResultsQuery,
  handler: ({ actor, query }) => getSendingResults(actor, query.groupedMailId),
});
