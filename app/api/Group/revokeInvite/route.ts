import { apiRoute } from '@/server/http/route';
import { revokeInvitation } from '@/server/groups/invitation-admin';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/revokeInvite', {
  handler: ({ actor, query }) => revokeInvitation(actor, query.inviteId),
});
