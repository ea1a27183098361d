import { userContactsFilterSchema } from '@/lib/users/schemas';
import { apiRoute } from '@/server/http/route';
import { findUserContacts } from '@/server/users/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Contact/getUserContacts', {
  query: userContactsFilterSchema,
  handler: ({ actor, query }) => findUserContacts(actor, query),
});
