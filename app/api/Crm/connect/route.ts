import { apiRoute } from '@/server/http/route';
import { connectCrm } from '@/server/crm/sync';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Crm/connect', { handler: ({ actor, body }) => connectCrm(actor, body) });
