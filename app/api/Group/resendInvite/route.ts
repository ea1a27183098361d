import { apiRoute } from '@/server/http/route';
import { resendInvitation } from '@/server/groups/invitation-admin';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Group/resendInvite', {
  handler: ({ actor, query }) => resendInvitation(actor, query.inviteId),
});
