import { apiRoute } from '@/server/http/route';
import { watchCompanySchema } from '@/lib/watch/schemas';
import { watchCompany } from '@/server/watch/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Watch/watchCompany', {
  body: watchCompanySchema,
  handler: async ({ actor, body }) => {
    await watchCompany(actor, body.Cui);
    return { Message: 'Firma este urmărită. Veți afla când se schimbă ceva.' };
  },
});
