import { z } from 'zod';
import { apiRoute } from '@/server/http/route';
import { getTopCollaborationNetwork } from '@/server/company/collaborations';
import { cuiValue } from '@/server/company/schemas';

// companyName is sent by the client for the root node's label; the server does not need it.
const query = z.object({ companyCui: cuiValue, companyName: z.string().max(300).optional() });

export const GET = apiRoute('GET /api/Company/getTop10Collaborations', {
  query,
  handler: ({ query }) => getTopCollaborationNetwork(query.companyCui),
});
