// The bounce address in development (issue 28, decision 058): a small SMTP server that accepts the
// reports mailed to bounces+<id>@… (DSN, ARF) and hands each to the app's processReport, as a
// production mail server would by piping them to POST /api/inbound/bounce with the cron secret.
// `npm run mail:bounces` (BOUNCE_SMTP_PORT, default 2526, on 127.0.0.1).
import { SMTPServer } from 'smtp-server';
import { closeDb } from '../../server/kernel/db';
import { processReport } from '../../server/sending/bounces/inbound';

const port = Number(process.env.BOUNCE_SMTP_PORT ?? 2526);

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('error', callback);
    stream.on('end', () => {
      const rcpts = session.envelope.rcptTo.map((r) => r.address);
      processReport(Buffer.concat(chunks).toString('utf8'), rcpts)
        .then((r) => {
          console.log(`[bounces] ${r.Type ?? 'necunoscut'}: potrivite ${r.Matched}, suprimate ${r.Suppressed}, reîncercate ${r.Retried}, ignorate ${r.Ignored}`);
          callback();
        })
        .catch((e: unknown) => {
          console.error('[bounces] raportul nu a putut fi procesat:', e);
          callback(Object.assign(new Error('4.3.0 Try again later'), { responseCode: 451 }));
        });
    });
  },
});

server.listen(port, '127.0.0.1', () => console.log(`[bounces] ascult pe 127.0.0.1:${port}`));
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => server.close(() => void closeDb().then(() => process.exit(0))));
}
