import { apiRoute } from '@/server/http/route';
import { requestTakedown } from '@/server/personal-data/takedown';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Privacy/requestTakedown', {
  maxBodyBytes: 10_000,
  handler: ({ actor, body, req }) => requestTakedown(actor, body, req),
});
