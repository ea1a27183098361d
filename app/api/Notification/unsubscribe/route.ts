import { apiRoute } from '@/server/http/route';
import { notFound } from '@/server/kernel/errors';
import { DIGEST_UNSUBSCRIBE_PATH } from '@/lib/watch/paths';
import { unsubscribeFromDigests } from '@/server/watch/delivery';

export const dynamic = 'force-dynamic';

// RFC 8058 one-click (a mail client POSTs List-Unsubscribe=One-Click) and the confirmation page's button.
export const POST = apiRoute('POST /api/Notification/unsubscribe', {
  handler: async ({ query, req }) => {
    if (!(await unsubscribeFromDigests(query.t))) throw notFound('Linkul de dezabonare nu este valid.');
    // the confirmation page's form: back to the page, which says it is done
    if ((req.headers.get('accept') ?? '').includes('text/html')) {
      return new Response(null, { status: 303, headers: { location: `${DIGEST_UNSUBSCRIBE_PATH}?gata=1` } });
    }
    return { Message: 'Nu veți mai primi e-mailuri de notificare. Notificările rămân în aplicație.' };
  },
});
