import { apiRoute } from '@/server/http/route';
import { checkNow } from '@/server/fiscal/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Fiscal/checkNow', {
  handler: ({ actor, body }) => checkNow(actor, body.Cui),
});
