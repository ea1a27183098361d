import { apiRoute } from '@/server/http/route';
import { companyGroupIdQuerySchema } from '@/lib/groups/schemas';
import { deleteCompanyGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/Group/deleteCompanyFromGroup', {
  query: companyGroupIdQuerySchema,
  handler: async ({ actor, query }) => {
    await deleteCompanyGroup(actor, query.companyGroupId);
    return { Message: 'Compania a fost ștearsă cu succes din grup!' };
  },
});
