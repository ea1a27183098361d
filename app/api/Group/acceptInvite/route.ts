import { apiRoute } from '@/server/http/route';
import { acceptInvitation } from '@/server/groups/invitations';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Group/acceptInvite', {
  handler: ({ actor, query }) => acceptInvitation(actor, query.inviteId),
});
