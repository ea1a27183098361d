import { apiRoute } from '@/server/http/route';
import { sendTestMail } from '@/server/sending/test-send';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/MailSend/sendTest', {
  handler: ({ actor, body }) => sendTestMail(actor, body),
});
