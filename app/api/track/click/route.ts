import { apiRoute } from '@/server/http/route';
import { notFound } from '@/server/kernel/errors';
import { recordClick } from '@/server/sending/tracking';

export const dynamic = 'force-dynamic';

const def = {
  handler: async ({ req }: { req: Request }) => {
    const url = new URL(req.url);
    const hit = await recordClick(url.searchParams.get('t'), url.searchParams.get('u'), req);
    // Not a URL signed for this message, or past its days (086): 404, never a redirect to a place we did not write.
    if (!hit) throw notFound('Linkul nu este valid sau a expirat.');
    return new Response(null, { status: 302, headers: { location: hit.target, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });
  },
};

export const GET = apiRoute('GET /api/track/click', def);
export const HEAD = apiRoute('HEAD /api/track/click', def);
