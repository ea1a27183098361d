// Every kind of mail the code can send is classified (server/kernel/mail-kinds.ts, decision 086): this
// reads the sources for each call that queues or sends a mail (enqueueAndSend, enqueueMail,
// sendMail, sendCampaignMail, an INSERT INTO outbox_mail) and resolves the kind it passes. A new
// kind that is not classified, a call whose kind cannot be read, or a classified kind the code no
// longer sends (the old ACCOUNT_MAIL_KINDS listed such kinds and missed the real ones) fails.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNT_MAIL_KINDS, MAIL_KINDS } from '@/server/kernel/mail-kinds';

const ROOT = path.join(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'generated' || name === 'node_modules') return [];
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx|mjs)$/.test(name) ? [full] : [];
  });
}

const files = ['server', 'app', 'scripts'].flatMap((d) => sources(path.join(ROOT, d))).map((f) => ({ file: path.relative(ROOT, f), text: readFileSync(f, 'utf8') }));

/** `const NAME = 'value'` anywhere in the sources. */
const constants = new Map<string, string>();
for (const { text } of files) for (const m of text.matchAll(/\bconst\s+([A-Z][A-Z0-9_]*)\s*=\s*'([^']+)'/g)) constants.set(m[1], m[2]);

/** The argument text of the call starting at `open` (the index of its "("), up to the matching ")". */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** The kinds a `kind: <expression>` names: its string literals, or the constants it names. */
function kindsIn(expression: string): string[] {
  const literals = [...expression.matchAll(/'([a-z][a-z0-9-]*)'/g)].map((m) => m[1]);
  const named = [...expression.matchAll(/\b([A-Z][A-Z0-9_]+)\b/g)].map((m) => constants.get(m[1])).filter((v): v is string => !!v);
  return [...literals, ...named];
}

// The pipeline itself (the outbox and the transport) hands down the kind it was given.
const PIPELINE = new Set(['server/mail/outbox.ts', 'server/kernel/mail-transport.ts', 'server/kernel/mail-kinds.ts']);

type Site = { file: string; call: string; kinds: string[] };

function sendSites(): Site[] {
  const sites: Site[] = [];
  for (const { file, text } of files) {
    if (PIPELINE.has(file)) continue;
    for (const m of text.matchAll(/(?<![.\w])(enqueueAndSend|enqueueMail|sendMail|sendCampaignMail)\s*\(/g)) {
      // Definitions (`function sendMail(`) are not calls.
      if (/function\s*$/.test(text.slice(Math.max(0, m.index - 16), m.index))) continue;
      const args = argumentsAt(text, m.index + m[0].length - 1);
      const kind = /\bkind:\s*([^,}\n]+)/.exec(args);
      // A mail built beforehand (`sendCampaignMail(mail)`): the kinds the file's object literals name.
      const kinds = kind ? kindsIn(kind[1]) : [...text.matchAll(/\bkind:\s*([^,}\n]+)/g)].flatMap((k) => kindsIn(k[1]));
      sites.push({ file, call: m[1], kinds });
    }
    for (const m of text.matchAll(/INSERT INTO outbox_mail[^`]*/g)) {
      // The rows' VALUES may be built just before the statement, the kind interpolated as '${CONSTANT}'.
      const before = text.slice(Math.max(0, m.index - 600), m.index);
      const interpolated = [...before.matchAll(/'\$\{([A-Z][A-Z0-9_]+)\}'/g)].map((k) => constants.get(k[1])).filter((v): v is string => !!v);
      sites.push({ file, call: 'INSERT INTO outbox_mail', kinds: [...kindsIn(m[0].replace(/"to", subject, html, text, kind, headers(, user_id)?/, '')), ...interpolated] });
    }
  }
  return sites;
}

test('every call that sends a mail names a kind the test can read', () => {
  const sites = sendSites();
  // The known senders: account, campaign, takedown, claim, invitation, leave-a-message, notification mails.
  expect(sites.length).toBeGreaterThanOrEqual(10);
  expect(sites.filter((s) => s.kinds.length === 0)).toEqual([]);
});

test('every kind the code sends is classified, and every classified kind is still sent', () => {
  const sent = new Set(sendSites().flatMap((s) => s.kinds));
  const classified = Object.keys(MAIL_KINDS);
  expect([...sent].filter((k) => !classified.includes(k)).sort()).toEqual([]);
  expect(classified.filter((k) => !sent.has(k)).sort()).toEqual([]);
});

test('the account mails an erasure deletes include what the issue found left behind', () => {
  for (const k of ['welcome', 'welcome-verify', 'verify-email', 'password-reset', 'watch-notifications', 'group-invitation', 'claim-decision']) {
    expect(ACCOUNT_MAIL_KINDS).toContain(k);
  }
  expect(ACCOUNT_MAIL_KINDS).not.toContain('campaign');
  expect(ACCOUNT_MAIL_KINDS).not.toContain('leave-message');
});
