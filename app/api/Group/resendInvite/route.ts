import { apiRoute } from '@/server/http/route';
import { inviteIdSchema } from '@/lib/groups/schemas';
import { resendInvitation } from '@/server/groups/invitation-admin';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Group/resendInvite', {
  query: inviteIdSchema,
  handler: ({ actor, query }) => resendInvitation(actor, query.inviteId),
});
