import { apiRoute } from '@/server/http/route';
import { revokeApiKey } from '@/server/api-keys/keys';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/ApiKey/[id]', { handler: ({ actor, params }) => revokeApiKey(actor, params.id) });
