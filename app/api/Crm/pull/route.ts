import { apiRoute } from '@/server/http/route';
import { pullFromCrm } from '@/server/crm/sync';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Crm/pull', { handler: ({ actor, body }) => pullFromCrm(actor, body) });
