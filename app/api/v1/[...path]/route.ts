// The public API's stable surface (docs/decisions/067): /api/v1/<path> runs the offered endpoint of
// /api/<path> (lib/api-keys/surface.ts) with the same handler, so the key's scopes, quotas and CORS
// apply through the route wrapper. A dispatcher rather than Next rewrites: the list of offered
// endpoints is code (typed, tested), and a path outside it is a 404 here, never a page's endpoint.
import { json } from '@/server/http/route';
import { preflightAnswer } from '@/server/api-keys/cors';
import { KEY_AUTH_TEXT } from '@/server/api-keys/authenticate';
import { presentedApiKey } from '@/server/api-keys/secret';
import { matchOffered, offeredMethods, V1_PREFIX } from '@/lib/api-keys/surface';
import { OFFERED_HANDLERS } from './offered';

export const dynamic = 'force-dynamic';

const NOT_OFFERED = 'Endpoint-ul nu face parte din API-ul public.';

const apiPathOf = (req: Request) => `/api${new URL(req.url).pathname.slice(V1_PREFIX.length)}`;

function decoded(params: Record<string, string>): Record<string, string> | null {
  try {
    return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, decodeURIComponent(v)]));
  } catch {
    return null;
  }
}

async function dispatch(req: Request): Promise<Response> {
  const apiPath = apiPathOf(req);
  const match = matchOffered(req.method, apiPath);
  const params = match && decoded(match.params);
  if (!match || !params) {
    const methods = offeredMethods(apiPath);
    if (methods.length) return json({ Message: 'Metoda nu este permisă pentru acest endpoint.', Code: 'METHOD_NOT_ALLOWED' }, 405, { allow: methods.join(', ') });
    return json({ Message: NOT_OFFERED, Code: 'NOT_FOUND' }, 404);
  }
  if (presentedApiKey(req) === null) return json({ Message: KEY_AUTH_TEXT.v1NeedsKey, Code: 'UNAUTHORIZED' }, 401);
  const handler = await OFFERED_HANDLERS[match.endpoint]();
  return handler(req, { params: Promise.resolve(params) });
}

export const GET = dispatch;
export const POST = dispatch;
export const PUT = dispatch;
export const DELETE = dispatch;
export const OPTIONS = (req: Request) => (offeredMethods(apiPathOf(req)).length ? preflightAnswer(req) : json({ Message: NOT_OFFERED, Code: 'NOT_FOUND' }, 404));
