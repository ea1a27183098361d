import { apiRoute } from '@/server/http/route';
import { watchGroupSchema } from '@/lib/watch/schemas';
import { watchGroup } from '@/server/watch/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Watch/watchGroup', {
  body: watchGroupSchema,
  handler: ({ actor, body }) => watchGroup(actor, body.GroupId),
});
