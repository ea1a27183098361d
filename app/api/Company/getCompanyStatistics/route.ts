import { apiRoute } from '@/server/http/route';
import { getCompanyStatistics } from '@/server/landing/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Company/getCompanyStatistics', {
  handler: ({ actor }) => getCompanyStatistics(actor),
});
