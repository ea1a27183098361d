import { apiRoute } from '@/server/http/route';
import { createApiKey } from '@/server/api-keys/keys';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/ApiKey/create', { handler: ({ actor, body }) => createApiKey(actor, body) });
