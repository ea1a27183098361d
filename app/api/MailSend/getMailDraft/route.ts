import { apiRoute } from '@/server/http/route';
import { getDraftOrThrow } from '@/server/drafts/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getMailDraft', {
  handler: ({ actor, query }) => getDraftOrThrow(actor, query.groupedMailSendId),
});
