import { apiRoute } from '@/server/http/route';
import { renameSavedSearch } from '@/server/saved-searches/saved-searches';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/SavedSearch/rename', { handler: ({ actor, body }) => renameSavedSearch(actor, body) });
