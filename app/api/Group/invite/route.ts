import { apiRoute } from '@/server/http/route';
import { inviteToGroup } from '@/server/groups/invitations';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Group/invite', {
  handler: ({ actor, query }) => inviteToGroup(actor, query),
});
