import { userIdQuerySchema } from '@/lib/users/schemas';
import { apiRoute } from '@/server/http/route';
import { getUserOrThrow } from '@/server/users/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/User/getUser', {
  query: userIdQuerySchema,
  handler: ({ actor, query }) => getUserOrThrow(actor, query.userId),
});
