import { apiRoute } from '@/server/http/route';
import { getCompaniesNumberByDimension } from '@/server/landing/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Company/getCompaniesNumberByDimension', {
  handler: ({ actor }) => getCompaniesNumberByDimension(actor),
});
