import { apiRoute } from '@/server/http/route';
import { groupIdQuerySchema, addCompaniesBodySchema } from '@/lib/groups/schemas';
import { addCompaniesToGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Group/addComapaniesToGroup', {
  query: groupIdQuerySchema,
  body: addCompaniesBodySchema,
  handler: ({ actor, query, body }) => addCompaniesToGroup(actor, query.groupId, body),
});
