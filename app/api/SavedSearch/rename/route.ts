import { apiRoute } from '@/server/http/route';
import { renameSavedSearchSchema } from '@/lib/prospecting/schemas';
import { renameSavedSearch } from '@/server/saved-searches/saved-searches';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/SavedSearch/rename', { body: renameSavedSearchSchema, handler: ({ actor, body }) => renameSavedSearch(actor, body) });
