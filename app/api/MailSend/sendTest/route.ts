import { apiRoute } from '@/server/http/route';
import { sendTestSchema } from '@/lib/sending/schemas';
import { sendTestMail } from '@/server/sending/test-send';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/MailSend/sendTest', {
  body: sendTestSchema,
  handler: ({ actor, body }) => sendTestMail(actor, body),
});
