import { apiRoute } from '@/server/http/route';
import { exportOwnData } from '@/server/personal-data/own-data';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Account/exportMyData', {
  handler: ({ actor }) => exportOwnData(actor),
});
