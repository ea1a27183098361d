import { apiRoute } from '@/server/http/route';
import { deletedListQuerySchema } from '@/lib/shared/restore';
import { listDeletedGroups } from '@/server/groups/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Group/getDeletedGroups', {
  query: deletedListQuerySchema,
  handler: ({ actor, query }) => listDeletedGroups(actor, query),
});
