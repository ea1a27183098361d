import { apiRoute } from '@/server/http/route';
import { moveCompanyGroupSchema } from '@/lib/groups/schemas';
import { moveCompanyGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/updateCompanyGroup', {
  body: moveCompanyGroupSchema,
  handler: async ({ actor, body }) => {
    await moveCompanyGroup(actor, body);
    return { Message: 'Compania a fost mutată cu succes!' };
  },
});
