import { apiRoute } from '@/server/http/route';
import { listSavedSearchNotices } from '@/server/saved-searches/notices';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/SavedSearch/getNotices', { handler: ({ actor }) => listSavedSearchNotices(actor) });
