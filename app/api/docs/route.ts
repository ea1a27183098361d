import { apiRoute } from '@/server/http/route';
import { referencePage } from '@/server/api-docs/reference';

export const GET = apiRoute('GET /api/docs', {
  handler: () => referencePage(),
});
