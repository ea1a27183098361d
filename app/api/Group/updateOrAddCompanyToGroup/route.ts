import { apiRoute } from '@/server/http/route';
import { companyToGroupSchema } from '@/lib/groups/schemas';
import { putCompanyInGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/updateOrAddCompanyToGroup', {
  body: companyToGroupSchema,
  handler: async ({ actor, body }) => {
    await putCompanyInGroup(actor, body);
    return { Message: 'Compania a fost adăugată cu succes în grup!' };
  },
});
