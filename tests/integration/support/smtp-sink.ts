// A local SMTP server for the mail tests (smtp-server on a free loopback port), each message read
// back with mailparser and handed over raw and parsed.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export type SmtpSink = { port: number; close: () => Promise<void> };

export async function startSmtpSink(onMessage: (parsed: ParsedMail, raw: Buffer) => void, onRcptTo?: SMTPServerOptions['onRcptTo']): Promise<SmtpSink> {
  const server = new SMTPServer({
    // close() waits this long for connected clients (the app's pooled SMTP connections) to leave;
    // the default 30 s held every spec that used the sink, and the next one waiting for its port.
    closeTimeout: 500,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...(onRcptTo ? { onRcptTo } : {}),
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            onMessage(parsed, raw);
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
