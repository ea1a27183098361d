import { apiRoute } from '@/server/http/route';
import { confirmTakedown } from '@/server/personal-data/takedown';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Privacy/confirmTakedown', {
  maxBodyBytes: 2_000,
  handler: ({ body }) => confirmTakedown(body.Token),
});
