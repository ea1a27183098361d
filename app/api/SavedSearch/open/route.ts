import { apiRoute } from '@/server/http/route';
import { openSavedSearch } from '@/server/saved-searches/saved-searches';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/SavedSearch/open', { handler: ({ actor, query }) => openSavedSearch(actor, query.id) });
