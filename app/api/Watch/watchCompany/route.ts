import { apiRoute } from '@/server/http/route';
import { watchCompanySchema } from '@/lib/watch/schemas';
import { watchCompany } from '@/server/watch/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Watch/watchCompany', {
  body: watchCompanySchema,
  handler: ({ actor, body }) => watchCompany(actor, body.Cui),
});
