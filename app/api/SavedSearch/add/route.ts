import { apiRoute } from '@/server/http/route';
import { addSavedSearchSchema } from '@/lib/prospecting/schemas';
import { addSavedSearch } from '@/server/saved-searches/saved-searches';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/SavedSearch/add', { body: addSavedSearchSchema, handler: ({ actor, body }) => addSavedSearch(actor, body) });
