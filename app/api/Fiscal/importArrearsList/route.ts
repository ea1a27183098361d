import { apiRoute } from '@/server/http/route';
import { uploadArrearsList } from '@/server/fiscal/arrears-import';
import { ARREARS_UPLOAD_MAX_BODY_BYTES } from '@/lib/fiscal/schemas';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Fiscal/importArrearsList', {
  // A 10 MB file in base64 and the two fields; past it the wrapper answers 413 before reading on.
  maxBodyBytes: ARREARS_UPLOAD_MAX_BODY_BYTES,
  handler: ({ actor, body }) => uploadArrearsList(actor, body),
});
