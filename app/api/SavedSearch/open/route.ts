import { apiRoute } from '@/server/http/route';
import { savedSearchIdSchema } from '@/lib/prospecting/schemas';
import { openSavedSearch } from '@/server/saved-searches/saved-searches';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/SavedSearch/open', { query: savedSearchIdSchema, handler: ({ actor, query }) => openSavedSearch(actor, query.id) });
