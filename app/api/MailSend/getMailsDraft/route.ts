import { apiRoute } from '@/server/http/route';
import { findDrafts } from '@/server/drafts/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getMailsDraft', {
  handler: ({ actor, query }) => findDrafts(actor, query),
});
