import { apiRoute } from '@/server/http/route';
import { inviteIdSchema } from '@/lib/groups/schemas';
import { acceptInvitation } from '@/server/groups/invitations';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Group/acceptInvite', {
  query: inviteIdSchema,
  handler: ({ actor, query }) => acceptInvitation(actor, query.inviteId),
});
