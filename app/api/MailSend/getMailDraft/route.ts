import { apiRoute } from '@/server/http/route';
import { draftIdQuerySchema } from '@/lib/drafts/schemas';
import { getDraftOrThrow } from '@/server/drafts/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getMailDraft', {
  query: draftIdQuerySchema,
  handler: ({ actor, query }) => getDraftOrThrow(actor, query.groupedMailSendId),
});
