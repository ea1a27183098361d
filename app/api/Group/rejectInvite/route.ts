import { apiRoute } from '@/server/http/route';
import { rejectInvitation } from '@/server/groups/invitations';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Group/rejectInvite', {
  handler: ({ actor, query }) => rejectInvitation(actor, query.inviteId),
});
