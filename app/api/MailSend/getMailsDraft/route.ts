import { apiRoute } from '@/server/http/route';
import { mailsDraftQuerySchema } from '@/lib/drafts/schemas';
import { findDrafts } from '@/server/drafts/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getMailsDraft', {
  query: mailsDraftQuerySchema,
  handler: ({ actor, query }) => findDrafts(actor, query),
});
