import { apiRoute } from '@/server/http/route';
import { createApiKeySchema } from '@/lib/api-keys/schemas';
import { createApiKey } from '@/server/api-keys/keys';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/ApiKey/create', { body: createApiKeySchema, handler: ({ actor, body }) => createApiKey(actor, body) });
