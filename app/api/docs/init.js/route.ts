import { apiRoute } from '@/server/http/route';
import { referenceInit } from '@/server/api-docs/reference';

export const GET = apiRoute('GET /api/docs/init.js', {
  handler: () => referenceInit(),
});
