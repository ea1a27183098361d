import { apiRoute } from '@/server/http/route';
import { listPermissions } from '@/server/groups/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Group/getPermisions', {
  handler: () => listPermissions(),
});
