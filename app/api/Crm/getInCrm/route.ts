import { apiRoute } from '@/server/http/route';
import { findCompaniesInCrm } from '@/server/crm/sync';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Crm/getInCrm', { handler: ({ actor, query }) => findCompaniesInCrm(actor, query.Cuis) });
