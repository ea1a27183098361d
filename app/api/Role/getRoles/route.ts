import { apiRoute } from '@/server/http/route';
import { findRoles } from '@/server/users/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Role/getRoles', {
  handler: ({ actor }) => findRoles(actor),
});
