import { apiRoute } from '@/server/http/route';
import { watchCompany } from '@/server/watch/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Watch/watchCompany', {
  handler: ({ actor, body }) => watchCompany(actor, body.Cui),
});
