import { apiRoute } from '@/server/http/route';
import { templateIdQuerySchema } from '@/lib/templates/schemas';
import { getTemplateOrThrow } from '@/server/templates/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailTemplate/get', {
  query: templateIdQuerySchema,
  handler: ({ actor, query }) => getTemplateOrThrow(actor, query.id),
});
