import { apiRoute } from '@/server/http/route';
import { findTemplates } from '@/server/templates/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailTemplate/getPagedMailTemplate', {
  handler: ({ actor, query }) => findTemplates(actor, query),
});
