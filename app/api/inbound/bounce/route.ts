import { apiRoute } from '@/server/http/route';
import { readRawBody } from '@/server/http/raw-body';
import { processReport } from '@/server/sending/bounces/inbound';

export const dynamic = 'force-dynamic';

// The bounce address's reports (DSN, ARF) as raw RFC 5322 text; rcpt: the SMTP envelope recipients.
export const POST = apiRoute('POST /api/inbound/bounce', {
  handler: async ({ query, req }) => processReport(await readRawBody(req), query.rcpt ? [query.rcpt] : []),
});
