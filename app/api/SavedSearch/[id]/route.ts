import { apiRoute } from '@/server/http/route';
import { deleteSavedSearch } from '@/server/saved-searches/saved-searches';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/SavedSearch/[id]', { handler: ({ actor, params }) => deleteSavedSearch(actor, params.id) });
