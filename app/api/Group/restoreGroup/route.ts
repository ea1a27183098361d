import { apiRoute } from '@/server/http/route';
import { restoreGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/restoreGroup', {
  handler: ({ actor, query }) => restoreGroup(actor, query.id),
});
