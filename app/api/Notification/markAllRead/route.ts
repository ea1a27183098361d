import { apiRoute } from '@/server/http/route';
import { markAllRead } from '@/server/watch/commands';
import { markSavedSearchNoticesRead } from '@/server/saved-searches/notices';

export const dynamic = 'force-dynamic';

// "Marchează toate ca citite" reads the saved searches' notices too (decision 117).
export const PUT = apiRoute('PUT /api/Notification/markAllRead', {
  handler: async ({ actor }) => ({ Updated: (await markAllRead(actor)) + (await markSavedSearchNoticesRead(actor)) }),
});
