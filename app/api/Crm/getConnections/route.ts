import { apiRoute } from '@/server/http/route';
import { listCrmConnections } from '@/server/crm/sync';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Crm/getConnections', { handler: ({ actor }) => listCrmConnections(actor) });
