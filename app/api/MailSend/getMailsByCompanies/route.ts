import { apiRoute } from '@/server/http/route';
import { findMailsOfCompany } from '@/server/sending/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getMailsByCompanies', {
  handler: ({ actor, query }) => findMailsOfCompany(actor, query.companyCui),
});
