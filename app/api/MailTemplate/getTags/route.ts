import { apiRoute } from '@/server/http/route';
import { findOwnTags } from '@/server/templates/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailTemplate/getTags', {
  handler: ({ actor }) => findOwnTags(actor),
});
