import { apiRoute } from '@/server/http/route';
import { inviteIdSchema } from '@/lib/groups/schemas';
import { rejectInvitation } from '@/server/groups/invitations';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Group/rejectInvite', {
  query: inviteIdSchema,
  handler: ({ actor, query }) => rejectInvitation(actor, query.inviteId),
});
