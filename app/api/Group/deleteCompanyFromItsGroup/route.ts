import { apiRoute } from '@/server/http/route';
import { messageAfter } from '@/server/http/message';
import { cuiQuerySchema } from '@/lib/groups/schemas';
import { removeCompanyFromItsGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/Group/deleteCompanyFromItsGroup', {
  query: cuiQuerySchema,
  handler: ({ actor, query }) => messageAfter(removeCompanyFromItsGroup(actor, query.cui), 'Compania a fost ștearsă cu succes din grup!'),
});
