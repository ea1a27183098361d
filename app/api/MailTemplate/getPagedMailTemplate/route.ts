import { apiRoute } from '@/server/http/route';
import { templateListQuerySchema } from '@/lib/templates/schemas';
import { findTemplates } from '@/server/templates/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailTemplate/getPagedMailTemplate', {
  query: templateListQuerySchema,
  handler: ({ actor, query }) => findTemplates(actor, query),
});
