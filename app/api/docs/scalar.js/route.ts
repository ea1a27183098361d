import { apiRoute } from '@/server/http/route';
import { referenceRenderer } from '@/server/api-docs/reference';

export const GET = apiRoute('GET /api/docs/scalar.js', {
  handler: () => referenceRenderer(),
});
