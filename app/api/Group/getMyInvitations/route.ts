import { apiRoute } from '@/server/http/route';
import { myInvitationsQuerySchema } from '@/lib/groups/schemas';
import { listMyInvitations } from '@/server/groups/invitation-admin';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Group/getMyInvitations', {
  query: myInvitationsQuerySchema,
  handler: ({ actor, query }) => listMyInvitations(actor, query.PageNumber),
});
