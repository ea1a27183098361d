import { apiRoute } from '@/server/http/route';
import { messageAfter } from '@/server/http/message';
import { moveCompanyGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/updateCompanyGroup', {
  handler: ({ actor, body }) => messageAfter(moveCompanyGroup(actor, body), 'Compania a fost mutată cu succes!'),
});
