import { apiRoute } from '@/server/http/route';
import { listSavedSearches } from '@/server/saved-searches/saved-searches';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/SavedSearch/list', { handler: ({ actor }) => listSavedSearches(actor) });
