import { apiRoute } from '@/server/http/route';
import { listMyInvitations } from '@/server/groups/invitation-admin';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Group/getMyInvitations', {
  handler: ({ actor, query }) => listMyInvitations(actor, query.PageNumber),
});
