import { apiRoute } from '@/server/http/route';
import { notFound } from '@/server/http/errors';
import { unsubscribeQuerySchema } from '@/lib/watch/schemas';
import { unsubscribeFromDigests } from '@/server/watch/delivery';

export const dynamic = 'force-dynamic';

// RFC 8058 one-click (a mail client POSTs List-Unsubscribe=One-Click) and the confirmation page's button.
export const POST = apiRoute('POST /api/Notification/unsubscribe', {
  query: unsubscribeQuerySchema,
  handler: async ({ query }) => {
    if (!(await unsubscribeFromDigests(query.t))) throw notFound('Linkul de dezabonare nu este valid.');
    return { Message: 'Nu veți mai primi e-mailuri de notificare. Notificările rămân în aplicație.' };
  },
});
