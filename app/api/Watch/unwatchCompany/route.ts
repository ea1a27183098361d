import { apiRoute } from '@/server/http/route';
import { unwatchCompany } from '@/server/watch/commands';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/Watch/unwatchCompany', {
  handler: ({ actor, query }) => unwatchCompany(actor, query.cui),
});
