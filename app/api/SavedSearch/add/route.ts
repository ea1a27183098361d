import { apiRoute } from '@/server/http/route';
import { addSavedSearch } from '@/server/saved-searches/saved-searches';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/SavedSearch/add', { handler: ({ actor, body }) => addSavedSearch(actor, body) });
