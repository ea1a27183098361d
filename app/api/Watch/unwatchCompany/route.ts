import { apiRoute } from '@/server/http/route';
import { cuiQuerySchema } from '@/lib/watch/schemas';
import { unwatchCompany } from '@/server/watch/commands';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/Watch/unwatchCompany', {
  query: cuiQuerySchema,
  handler: ({ actor, query }) => unwatchCompany(actor, query.cui),
});
