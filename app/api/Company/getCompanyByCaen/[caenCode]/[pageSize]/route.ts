import { z } from 'zod';
import { apiRoute } from '@/server/http/route';
import { CAEN_ORDERS, getCompaniesByCaen } from '@/server/caen/companies';
import { orderOption, pageNumber } from '@/server/company/schemas';

const params = z.object({
  caenCode: z.string().trim().regex(/^\d{1,4}$/, { error: 'Cod CAEN invalid.' }),
  pageSize: z.coerce.number({ error: 'Dimensiune de pagină invalidă.' }).int().min(1).max(100),
});
const query = z.object({ pageNumber: pageNumber(), orderBy: orderOption(CAEN_ORDERS) });

export const GET = apiRoute('GET /api/Company/getCompanyByCaen/[caenCode]/[pageSize]', {
  params,
  query,
  handler: ({ params, query }) => getCompaniesByCaen(params.caenCode, query.pageNumber, params.pageSize, query.orderBy),
});
