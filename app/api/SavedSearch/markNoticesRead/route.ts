import { apiRoute } from '@/server/http/route';
import { markSavedSearchNoticesRead } from '@/server/saved-searches/notices';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/SavedSearch/markNoticesRead', {
  handler: async ({ actor, body }) => ({ Updated: await markSavedSearchNoticesRead(actor, body.Ids) }),
});
