import { apiRoute } from '@/server/http/route';
import { countUnread } from '@/server/watch/queries';
import { countUnreadSavedSearchNotices } from '@/server/saved-searches/notices';

export const dynamic = 'force-dynamic';

// The bell counts the saved searches' unread notices too (decision 117).
export const GET = apiRoute('GET /api/Notification/getUnreadCount', {
  handler: async ({ actor }) => {
    const [changes, notices] = await Promise.all([countUnread(actor), countUnreadSavedSearchNotices(actor)]);
    return { Count: changes + notices };
  },
});
