import { apiRoute } from '@/server/http/route';
import { saveContacts } from '@/server/contacts/commands';
import { cuiQuery } from '@/lib/company/schemas';
import { contactListBodySchema } from '@/lib/contacts/schemas';

export const POST = apiRoute('POST /api/Contact/addOrUpdate', {
  query: cuiQuery,
  body: contactListBodySchema,
  handler: ({ actor, query, body }) => saveContacts(actor, query.cui, body, 'public'),
});
