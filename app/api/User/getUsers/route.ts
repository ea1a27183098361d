import { apiRoute } from '@/server/http/route';
import { findUsers } from '@/server/users/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/User/getUsers', {
  handler: ({ actor, query }) => findUsers(actor, query),
});
