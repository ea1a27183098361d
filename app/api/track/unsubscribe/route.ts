import { apiRoute } from '@/server/http/route';
import { notFound } from '@/server/kernel/errors';
import { unsubscribe } from '@/server/sending/tracking';

export const dynamic = 'force-dynamic';

// RFC 8058 one-click (the mail client POSTs "List-Unsubscribe=One-Click") and the confirmation
// form of /dezabonare. Only POST unsubscribes: link checkers that fetch every URL with GET must
// not unsubscribe anyone.
export const POST = apiRoute('POST /api/track/unsubscribe', {
  handler: async ({ req }) => {
    const token = new URL(req.url).searchParams.get('t');
    const done = await unsubscribe(token);
    if (!done) throw notFound('Linkul de dezabonare nu este valid.');
    if ((req.headers.get('accept') ?? '').includes('text/html')) {
      const back = new URL('/dezabonare', req.url);
      back.searchParams.set('t', token ?? '');
      back.searchParams.set('gata', '1');
      return new Response(null, { status: 303, headers: { location: back.pathname + back.search } });
    }
    return { Unsubscribed: true };
  },
});
