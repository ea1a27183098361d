import { apiRoute } from '@/server/http/route';
import { inviteIdSchema } from '@/lib/groups/schemas';
import { revokeInvitation } from '@/server/groups/invitation-admin';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/revokeInvite', {
  query: inviteIdSchema,
  handler: ({ actor, query }) => revokeInvitation(actor, query.inviteId),
});
