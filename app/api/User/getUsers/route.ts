import { userFilterSchema } from '@/lib/users/schemas';
import { apiRoute } from '@/server/http/route';
import { findUsers } from '@/server/users/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/User/getUsers', {
  query: userFilterSchema,
  handler: ({ actor, query }) => findUsers(actor, query),
});
