// The SMTP sink of the campaign specs (sending, campaigns): the e2e server sends campaign mail to
// state.smtpPort; each message is kept parsed, with its envelope sender (the VERP bounce address).
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { readE2eState, type E2eState } from './e2e-state';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { mail: ParsedMail; envelopeFrom: string };

async function startCampaignSink(port: number, onMessage: (r: ReceivedMail) => void): Promise<{ close: () => Promise<void> }> {
  const smtp = new SMTPServer({
    // close() waits this long for connected clients (the app's pooled SMTP connections) to leave;
    // the default 30 s held every spec that used the sink, and the next one waiting for its port.
    closeTimeout: 500,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        onMessage({ mail, envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '' });
        callback();
      }, callback);
    },
  });
  smtp.on('error', () => {});
  // Two campaign specs in two workers share the port: the later one waits until it is free.
  for (const until = Date.now() + 10 * 60_000; ; ) {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      smtp.server.once('listening', () => resolve(null));
      smtp.server.once('error', (e: NodeJS.ErrnoException) => resolve(e));
      smtp.listen(port, '127.0.0.1');
    });
    if (!error) break;
    if (error.code !== 'EADDRINUSE' || Date.now() > until) throw error;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

export const toOf = (m: ParsedMail) => (m.to as { text: string }).text;

/** The first link (href or src) of the message matching `re`, entities decoded. */
export function linkIn(m: ParsedMail, re: RegExp): string {
  const found = [...(m.html || '').matchAll(/(?:href|src)="([^"]+)"/g)].map((x) => x[1].replace(/&amp;/g, '&')).find((u) => re.test(u));
  expect(found, `link ${re} in the message`).toBeTruthy();
  return found!;
}

type Db = { query: <R extends object = Record<string, unknown>>(q: string, p?: unknown[]) => Promise<{ rows: R[] }> };

/**
 * A group of the user's with the given companies, one public contact each ("Persoana i" at
 * `<prefix>i.<id>@exemplu-e2e.ro`), and the design the specs send (merge fields and one link).
 */
export async function seedCampaignGroup(db: Db, p: { userId: number; name: string; companies: { cui: number }[]; prefix: string; id: string; baseURL: string | undefined }) {
  const { rows: [g] } = await db.query<{ id: number }>(`INSERT INTO company_group_list (name, owner_id) VALUES ($1, $2) RETURNING id`, [p.name, p.userId]);
  await db.query(`INSERT INTO group_member (group_id, user_id, access, is_owner) VALUES ($1, $2, 'Edit', true)`, [g.id, p.userId]);
  const emails = p.companies.map((_, i) => `${p.prefix}${i}.${p.id}@exemplu-e2e.ro`);
  for (const [i, c] of p.companies.entries()) {
    await db.query(`INSERT INTO company_in_group (group_id, cui, added_by_id) VALUES ($1, $2, $3)`, [g.id, c.cui, p.userId]);
    await db.query(`INSERT INTO contact (cui, name, email, updated_at) VALUES ($1, $2, $3, now())`, [c.cui, `Persoana ${i}`, emails[i]]);
  }
  return { groupId: g.id, emails, design: campaignDesign(p.baseURL) };
}

/** The design the campaign specs send: merge fields and one link. */
export function campaignDesign(baseURL: string | undefined): string {
  return JSON.stringify({
    format: 'grapesjs-mjml',
    version: 1,
    mjml: `<mjml><mj-body><mj-section><mj-column><mj-text>Bună ziua, {{NumeContact}} de la {{NumeFirma}}!</mj-text><mj-button href="${baseURL}/Coduri-caen">Vezi codurile CAEN</mj-button></mj-column></mj-section></mj-body></mjml>`,
    project: null,
  });
}

/**
 * The campaign specs' fixture: before all tests the e2e state, a database client and the sink
 * (each message handed to `onMessage`); after all, both closed.
 */
export function campaignSpecSetup(onMessage: (r: ReceivedMail) => void): { state: E2eState; db: pg.Client } {
  const ctx = {} as { state: E2eState; db: pg.Client };
  let sink: { close: () => Promise<void> } | undefined;
  test.beforeAll(async () => {
    test.setTimeout(11 * 60_000);
    ctx.state = readE2eState();
    ctx.db = new pg.Client({ connectionString: ctx.state.databaseUrl });
    await ctx.db.connect();
    sink = await startCampaignSink(ctx.state.smtpPort, onMessage);
  });
  test.afterAll(async () => {
    await ctx.db?.end();
    await sink?.close();
  });
  return ctx;
}
