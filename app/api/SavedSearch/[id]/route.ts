import { apiRoute } from '@/server/http/route';
import { savedSearchIdSchema } from '@/lib/prospecting/schemas';
import { deleteSavedSearch } from '@/server/saved-searches/saved-searches';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/SavedSearch/[id]', { params: savedSearchIdSchema, handler: ({ actor, params }) => deleteSavedSearch(actor, params.id) });
