import { apiRoute } from '@/server/http/route';
import { setDraftSegmentSchema } from '@/lib/prospecting/schemas';
import { setDraftSegment } from '@/server/prospecting/segments';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailSend/setDraftSegment', { body: setDraftSegmentSchema, handler: ({ actor, body }) => setDraftSegment(actor, body) });
