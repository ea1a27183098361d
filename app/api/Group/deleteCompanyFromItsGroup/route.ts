import { apiRoute } from '@/server/http/route';
import { cuiQuerySchema } from '@/lib/groups/schemas';
import { removeCompanyFromItsGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/Group/deleteCompanyFromItsGroup', {
  query: cuiQuerySchema,
  handler: async ({ actor, query }) => {
    await removeCompanyFromItsGroup(actor, query.cui);
    return { Message: 'Compania a fost ștearsă cu succes din grup!' };
  },
});
