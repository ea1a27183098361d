import { apiRoute } from '@/server/http/route';
import { messageAfter } from '@/server/http/message';
import { putCompanyInGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/updateOrAddCompanyToGroup', {
  handler: ({ actor, body }) => messageAfter(putCompanyInGroup(actor, body), 'Compania a fost adăugată cu succes în grup!'),
});
