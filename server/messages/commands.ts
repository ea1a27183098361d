// Leave-a-message: the message is stored first (leave_message), then queued in
// the mail outbox for the operator (env.OPERATOR_EMAIL), so nothing is lost if SMTP is down.
import 'server-only';
import type { LeaveMessage } from '@/lib/messages/schemas';
import type { Actor } from '../auth/actor';
import { clientAddress, hitRateLimit, rateLimited } from '../kernel/rate-limit';
import { sql } from '../kernel/db';
import { sendLeaveMessageMail } from '../mail/messages';

/** A public form that sends mail: a few messages per address and hour are plenty. */
export const LEAVE_MESSAGE_LIMIT_PER_HOUR = 10;
const LEAVE_MESSAGE_SENT = 'Email-ul a fost trimis cu succes!';

export async function leaveMessage(_actor: Actor | null, input: LeaveMessage, req: Request): Promise<{ Id: number; Message: string }> {
  const hit = await hitRateLimit(`leave-message:ip:${clientAddress(req)}`, LEAVE_MESSAGE_LIMIT_PER_HOUR, 3600);
  if (!hit.allowed) {
    throw rateLimited(hit.retryAfterSeconds, (m) => `Ați trimis prea multe mesaje. Încercați din nou peste ${m} minute.`);
  }
  const [row] = await sql<{ id: number }>(
    `INSERT INTO leave_message (name, phone_number, email, message) VALUES ($1, $2, $3, $4) RETURNING id`,
    [input.Name, input.PhoneNumber, input.Email.toLowerCase(), input.Message || null],
  );
  await sendLeaveMessageMail(input);
  return { Id: row.id, Message: LEAVE_MESSAGE_SENT };
}
