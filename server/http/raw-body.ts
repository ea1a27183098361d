// A request body read as text with a size limit, for the endpoints that take something other than
// JSON (a mailed report, an SNS notification sent as text/plain). The body is streamed and dropped
// past the limit (decision 124): `req.text()` first read a body of any size into one string, so
// one large POST to a public webhook could end the server process (its heap is 320 MB).
import 'server-only';
import { AppError } from '../kernel/errors';
import { readBoundedText, ResponseTooLargeError } from '../kernel/bounded-response';

export async function readRawBody(req: Request, limit = 5_000_000): Promise<string> {
  try {
    return await readBoundedText(req, limit);
  } catch (e) {
    if (e instanceof ResponseTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE', 'Cererea este prea mare.');
    throw e;
  }
}
