import { apiRoute } from '@/server/http/route';
import { findUserContacts } from '@/server/users/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Contact/getUserContacts', {
  handler: ({ actor, query }) => findUserContacts(actor, query),
});
