import { apiRoute } from '@/server/http/route';
import { setDraftSegment } from '@/server/prospecting/segments';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailSend/setDraftSegment', { handler: ({ actor, body }) => setDraftSegment(actor, body) });
