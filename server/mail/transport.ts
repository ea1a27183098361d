// One way out for every mail: SMTP when SMTP_URL is set (smtp://user:pass@host:587,
// smtps://…:465), otherwise the local mailbox folder (mailbox.ts).
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '../env';
import { usesLocalMailbox, writeToMailbox } from './mailbox';

export type OutgoingMail = { to: string; subject: string; html: string; text?: string | null; kind: string; ref: string };

let smtp: Transporter | null = null;
let stream: Transporter | null = null;

export function smtpTransport(): Transporter {
  smtp ??= nodemailer.createTransport(env.SMTP_URL!);
  return smtp;
}

/** For tests that swap SMTP_URL between cases. */
export function resetTransports(): void {
  smtp?.close();
  smtp = null;
}

export async function sendMail(mail: OutgoingMail): Promise<{ messageId: string; mailboxId?: string }> {
  const message = { from: env.MAIL_FROM, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text ?? undefined };
  if (!usesLocalMailbox()) {
    const info = await smtpTransport().sendMail(message);
    return { messageId: info.messageId };
  }
  stream ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await stream.sendMail(message);
  const mailboxId = await writeToMailbox(info.message as Buffer, {
    ref: mail.ref,
    From: env.MAIL_FROM,
    To: mail.to,
    Subject: mail.subject,
    Date: new Date().toISOString(),
    Kind: mail.kind,
    Text: mail.text ?? '',
    Html: mail.html,
  });
  return { messageId: info.messageId, mailboxId };
}
