import { apiRoute } from '@/server/http/route';
import { deleteMyAccount } from '@/server/personal-data/own-data';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Account/deleteMyAccount', {
  maxBodyBytes: 2_000,
  handler: ({ actor, body }) => deleteMyAccount(actor, body.Password),
});
