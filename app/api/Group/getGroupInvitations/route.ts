import { apiRoute } from '@/server/http/route';
import { listGroupInvitations } from '@/server/groups/invitation-admin';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Group/getGroupInvitations', {
  handler: ({ actor, query }) => listGroupInvitations(actor, query.groupId, query.PageNumber),
});
