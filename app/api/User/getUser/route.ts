import { apiRoute } from '@/server/http/route';
import { getUserOrThrow } from '@/server/users/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/User/getUser', {
  handler: ({ actor, query }) => getUserOrThrow(actor, query.userId),
});
