import { apiRoute } from '@/server/http/route';
import { recordOpen } from '@/server/sending/tracking';

export const dynamic = 'force-dynamic';

// A transparent 1×1 GIF, served whatever the token (a broken image would only annoy the reader).
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const pixel = () =>
  new Response(new Uint8Array(PIXEL), {
    headers: { 'content-type': 'image/gif', 'cache-control': 'no-store, max-age=0', 'content-length': String(PIXEL.length) },
  });

export const GET = apiRoute('GET /api/track/open', {
  handler: async ({ req }) => {
    await recordOpen(new URL(req.url).searchParams.get('t'), req);
    return pixel();
  },
});

// HEAD is machine traffic by definition: recorded as filtered, never counted.
export const HEAD = apiRoute('HEAD /api/track/open', {
  handler: async ({ req }) => {
    await recordOpen(new URL(req.url).searchParams.get('t'), req);
    return pixel();
  },
});
