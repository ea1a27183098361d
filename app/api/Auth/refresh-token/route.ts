import { signedInResponse } from '@/server/account/routes';
import { rotateRefreshToken } from '@/server/auth/tokens';
import { apiRoute } from '@/server/http/route';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Auth/refresh-token', {
  handler: async ({ body }) => signedInResponse(await rotateRefreshToken(body)),
});
