import { apiRoute } from '@/server/http/route';
import { checkSavedSearchMatches } from '@/server/saved-searches/new-matches';

export const dynamic = 'force-dynamic';
export const maxDuration = 60;

// Called by a scheduler (Authorization: Bearer CRON_SECRET), e.g. every 15 minutes: each saved
// search whose owner wants saved_search.new_matches is checked every SAVED_SEARCH_CHECK_HOURS.
const def = { handler: () => checkSavedSearchMatches() };

export const GET = apiRoute('GET /api/cron/saved-search-matches', def);
export const POST = apiRoute('POST /api/cron/saved-search-matches', def);
