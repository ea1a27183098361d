import { apiRoute } from '@/server/http/route';
import { decideTakedown } from '@/server/personal-data/takedown';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Privacy/decideTakedown', {
  handler: ({ actor, body }) => decideTakedown(actor, body.Id, body.Accept),
});
