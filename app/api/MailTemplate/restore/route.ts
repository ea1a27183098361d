import { apiRoute } from '@/server/http/route';
import { templateIdQuerySchema } from '@/lib/templates/schemas';
import { restoreTemplate } from '@/server/templates/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailTemplate/restore', {
  query: templateIdQuerySchema,
  handler: ({ actor, query }) => restoreTemplate(actor, query.id),
});
