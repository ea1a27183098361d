import { apiRoute } from '@/server/http/route';
import { mailsByCompaniesQuery } from '@/lib/sending/schemas';
import { findMailsOfCompany } from '@/server/sending/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getMailsByCompanies', {
  query: mailsByCompaniesQuery,
  handler: ({ actor, query }) => findMailsOfCompany(actor, query.companyCui),
});
