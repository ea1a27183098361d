// A request body read as text with a size limit, for the endpoints that take something other than
// JSON (a mailed report, an SNS notification sent as text/plain).
import 'server-only';
import { AppError } from '../kernel/errors';

export async function readRawBody(req: Request, limit = 5_000_000): Promise<string> {
  const text = await req.text();
  if (text.length > limit) throw new AppError('PAYLOAD_TOO_LARGE', 'Cererea este prea mare.');
  return text;
}
