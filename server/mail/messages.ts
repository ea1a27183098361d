// The transactional mails of the app, queued in the outbox and sent right after the request.
import 'server-only';
import { env } from '../kernel/env';
import { enqueueAndSend } from './outbox';
import { renderLeaveMessageMail, renderPasswordResetMail, renderVerificationMail, renderWelcomeMail } from './templates';

/** With `verifyLink`, the welcome mail also confirms the address (kind `welcome-verify`). */
export async function sendWelcomeMail(p: { to: string; userName: string; verifyLink?: string | null; validHours?: number }): Promise<number> {
  const mail = await renderWelcomeMail(p);
  return enqueueAndSend({ to: p.to, ...mail, kind: p.verifyLink ? 'welcome-verify' : 'welcome' });
}

export async function sendVerificationMail(p: { to: string; userName: string; link: string; validHours: number }): Promise<number> {
  const mail = await renderVerificationMail(p);
  return enqueueAndSend({ to: p.to, ...mail, kind: 'verify-email' });
}

export async function sendPasswordResetMail(p: { to: string; userName: string; link: string; validMinutes: number }): Promise<number> {
  const mail = await renderPasswordResetMail(p);
  return enqueueAndSend({ to: p.to, ...mail, kind: 'password-reset' });
}

/** For POST /api/Email/SendLeaveUsMessageEmail: the visitor's message, to the operator (OPERATOR_EMAIL). */
export async function sendLeaveMessageMail(m: { Name: string; PhoneNumber: string; Email: string; Message?: string | null }): Promise<number> {
  const mail = await renderLeaveMessageMail(m);
  return enqueueAndSend({ to: env.OPERATOR_EMAIL, ...mail, kind: 'leave-message' });
}
