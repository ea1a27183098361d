import { apiRoute } from '@/server/http/route';
import { bulkReport } from '@/server/fiscal/bulk';
import { fiscalReportSheet } from '@/server/export/fiscal-report';
import { exportFileName, exportResponse } from '@/server/export/sheet';

export const dynamic = 'force-dynamic';

// The XLSX of a bulk check: each company with its stored ANAF check (decision 098).
export const GET = apiRoute('GET /api/Fiscal/getBulkCheckReport', {
  handler: async ({ actor, query }) => {
    const { job, batches } = await bulkReport(actor, query.id);
    return exportResponse(fiscalReportSheet(batches), 'xlsx', exportFileName(`verificare-anaf-${job.Id}`, 'xlsx'), async () => {});
  },
});
