import { apiRoute } from '@/server/http/route';
import { findAuditEntries } from '@/server/privacy/audit';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Audit/getEntries', {
  handler: ({ actor, query }) => findAuditEntries(actor, query),
});
