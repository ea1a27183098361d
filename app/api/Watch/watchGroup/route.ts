import { apiRoute } from '@/server/http/route';
import { watchGroup } from '@/server/watch/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Watch/watchGroup', {
  handler: ({ actor, body }) => watchGroup(actor, body.GroupId),
});
