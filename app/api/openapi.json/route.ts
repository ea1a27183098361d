import { apiRoute } from '@/server/http/route';
import { openApiDocument } from '@/server/api-docs/reference';

export const GET = apiRoute('GET /api/openapi.json', {
  handler: () => openApiDocument(),
});
