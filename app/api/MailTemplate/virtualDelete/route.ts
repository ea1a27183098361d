import { apiRoute } from '@/server/http/route';
import { templateIdQuerySchema } from '@/lib/templates/schemas';
import { deleteTemplate } from '@/server/templates/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailTemplate/virtualDelete', {
  query: templateIdQuerySchema,
  handler: ({ actor, query }) => deleteTemplate(actor, query.id),
});
