import { apiRoute } from '@/server/http/route';
import { matchCuiList } from '@/server/prospecting/add-to-group';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Group/matchCuiList', {
  // A 5 MB file in base64, or a pasted list of 10,000 lines.
  maxBodyBytes: 7_000_000,
  handler: ({ actor, query, body }) => matchCuiList(actor, query.groupId, body),
});
