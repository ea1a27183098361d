import { apiRoute } from '@/server/http/route';
import { deletedListQuerySchema } from '@/lib/shared/restore';
import { findDeletedTemplates } from '@/server/templates/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailTemplate/getDeletedMailTemplates', {
  query: deletedListQuerySchema,
  handler: ({ actor, query }) => findDeletedTemplates(actor, query),
});
