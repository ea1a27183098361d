import { z } from 'zod';
import { MESSAGES, requiredEmail, requiredString } from '../shared/schemas';

// Leave-a-message texts, word for word.
export const LEAVE_MESSAGE_MESSAGES = {
  name: 'Numele este obligatoriu.',
  phone: 'Telefonul este obligatoriu.',
  email: 'Email-ul este obligatoriu.',
  messageMax: 'Mesajul poate să conțină maximum 200 de caractere.',
} as const;

export const LEAVE_MESSAGE_MAX = 200;

/**
 * POST /api/Email/SendLeaveUsMessageEmail. The spec bounds only the message; the other
 * caps (name 200, phone 50, email 254) are ours, so the public endpoint cannot be fed
 * arbitrarily large text.
 */
export const leaveMessageSchema = z.object({
  Name: requiredString({ max: 200, requiredMessage: LEAVE_MESSAGE_MESSAGES.name }),
  PhoneNumber: requiredString({ max: 50, requiredMessage: LEAVE_MESSAGE_MESSAGES.phone }),
  Email: requiredEmail({ max: 254, requiredMessage: LEAVE_MESSAGE_MESSAGES.email }),
  Message: z
    .string({ error: MESSAGES.required })
    .trim()
    .max(LEAVE_MESSAGE_MAX, { error: LEAVE_MESSAGE_MESSAGES.messageMax })
    .nullish()
    .transform((v) => v ?? ''),
});
export type LeaveMessageInput = z.input<typeof leaveMessageSchema>;
export type LeaveMessage = z.output<typeof leaveMessageSchema>;
