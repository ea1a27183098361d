import { apiRoute } from '@/server/http/route';
import { watchGroupSchema } from '@/lib/watch/schemas';
import { watchGroup } from '@/server/watch/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Watch/watchGroup', {
  body: watchGroupSchema,
  handler: async ({ actor, body }) => {
    await watchGroup(actor, body.GroupId);
    return { Message: 'Grupul este urmărit: firmele lui, acum și de acum înainte.' };
  },
});
