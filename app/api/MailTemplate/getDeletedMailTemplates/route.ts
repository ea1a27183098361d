import { apiRoute } from '@/server/http/route';
import { findDeletedTemplates } from '@/server/templates/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailTemplate/getDeletedMailTemplates', {
  handler: ({ actor, query }) => findDeletedTemplates(actor, query),
});
