import { apiRoute } from '@/server/http/route';
import { pushCompaniesToCrm } from '@/server/crm/sync';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Crm/pushCompanies', { handler: ({ actor, body }) => pushCompaniesToCrm(actor, body) });
