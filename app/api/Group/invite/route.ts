import { apiRoute } from '@/server/http/route';
import { inviteSchema } from '@/lib/groups/schemas';
import { inviteToGroup } from '@/server/groups/invitations';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Group/invite', {
  query: inviteSchema,
  handler: ({ actor, query }) => inviteToGroup(actor, query),
});
