import { apiRoute } from '@/server/http/route';
import { idQuerySchema } from '@/lib/groups/schemas';
import { restoreGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/restoreGroup', {
  query: idQuerySchema,
  handler: ({ actor, query }) => restoreGroup(actor, query.id),
});
