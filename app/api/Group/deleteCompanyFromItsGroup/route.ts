import { apiRoute } from '@/server/http/route';
import { messageAfter } from '@/server/http/message';
import { removeCompanyFromItsGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/Group/deleteCompanyFromItsGroup', {
  handler: ({ actor, query }) => messageAfter(removeCompanyFromItsGroup(actor, query.cui), 'Compania a fost ștearsă cu succes din grup!'),
});
