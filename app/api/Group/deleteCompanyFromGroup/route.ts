import { apiRoute } from '@/server/http/route';
import { messageAfter } from '@/server/http/message';
import { deleteCompanyGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/Group/deleteCompanyFromGroup', {
  handler: ({ actor, query }) => messageAfter(deleteCompanyGroup(actor, query.companyGroupId), 'Compania a fost ștearsă cu succes din grup!'),
});
