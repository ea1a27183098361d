import { apiRoute } from '@/server/http/route';
import { getSendingResults } from '@/server/sending/results';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getSendingResults', {
  handler: ({ actor, query }) => getSendingResults(actor, query.groupedMailId),
});
