import { apiRoute } from '@/server/http/route';
import { leaveMessage } from '@/server/messages/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Email/SendLeaveUsMessageEmail', {
  maxBodyBytes: 10_000,
  handler: ({ actor, body, req }) => leaveMessage(actor, body, req),
});
