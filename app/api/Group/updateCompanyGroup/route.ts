import { apiRoute } from '@/server/http/route';
import { messageAfter } from '@/server/http/message';
import { moveCompanyGroupSchema } from '@/lib/groups/schemas';
import { moveCompanyGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/updateCompanyGroup', {
  body: moveCompanyGroupSchema,
  handler: ({ actor, body }) => messageAfter(moveCompanyGroup(actor, body), 'Compania a fost mutată cu succes!'),
});
