import { machineReason } from '@/lib/sending/machine';
import { mailCommentFormSchema, mailsHistoryQuery, sendMailsSchema } from '@/lib/sending/schemas';
import { describeSender, describeSummary } from '@/components/sending/send-notice';

const limits = { minOpenSeconds: 3, minClickSeconds: 10 };
const browser = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

describe('machine opens and clicks', () => {
  test.each([
    ['HEAD', browser, 60, 'open', 'head'],
    ['GET', '', 60, 'open', 'no-user-agent'],
    ['GET', 'python-requests/2.32', 60, 'click', 'scanner'],
    ['GET', 'Mozilla/5.0 (compatible; Barracuda Sentinel)', 60, 'click', 'scanner'],
    ['GET', 'Mozilla/5.0', 60, 'open', 'privacy-proxy'],
    ['GET', browser, null, 'open', 'not-delivered'],
    ['GET', browser, 1, 'open', 'too-fast'],
    ['GET', browser, 5, 'click', 'too-fast'],
  ] as const)('%s %s after %s s (%s) → %s', (method, ua, seconds, kind, reason) => {
    expect(machineReason(kind, { method, userAgent: ua, secondsSinceSent: seconds }, limits)).toBe(reason);
  });

  test('a person: a browser, late enough; Gmail image proxy counts as an open', () => {
    expect(machineReason('open', { method: 'GET', userAgent: browser, secondsSinceSent: 4 }, limits)).toBeNull();
    expect(machineReason('click', { method: 'GET', userAgent: browser, secondsSinceSent: 11 }, limits)).toBeNull();
    expect(machineReason('open', { method: 'GET', userAgent: 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)', secondsSinceSent: 60 }, limits)).toBeNull();
  });
});

describe('sending schemas', () => {
  test('sendMails needs a draft id; Content is optional', () => {
    expect(sendMailsSchema.safeParse({ MailDraftId: 5 }).success).toBe(true);
    expect(sendMailsSchema.safeParse({ MailDraftId: 0 }).success).toBe(false);
    expect(sendMailsSchema.safeParse({}).success).toBe(false);
  });
  test('history defaults: newest first, page 1', () => {
    expect(mailsHistoryQuery.parse({})).toMatchObject({ OrderBy: 'SendOn_desc', PageNumber: 1, SearchText: '' });
    expect(mailsHistoryQuery.safeParse({ OrderBy: 'DROP TABLE' }).success).toBe(false);
  });
  test('comment 3–250 characters with the shared messages', () => {
    expect(mailCommentFormSchema.safeParse({ Comment: 'ab' }).error?.issues[0].message).toBe('Acest câmp trebuie să fie mai mare de 3 caractere.');
    expect(mailCommentFormSchema.safeParse({ Comment: 'x'.repeat(251) }).error?.issues[0].message).toBe('Acest câmp trebuie să fie mai mic de 250 de caractere.');
    expect(mailCommentFormSchema.safeParse({ Comment: 'Sună-i luni' }).success).toBe(true);
  });
});

test('the draft page summary says how many addresses are skipped and why', () => {
  expect(
    describeSummary({ Recipients: 10, Suppressed: 3, Unsubscribed: 2, Bounced: 1, CompaniesWithoutEmail: 1, Companies: 8, WillSend: 7, DailyLimit: 2000, SentLast24h: 100, RemainingToday: 1900, From: 'Ana prin RadarFirme <campanii@radarfirme.ro>', ReplyTo: 'ana@exemplu.ro' }),
  ).toEqual([
    'Destinatari: 7 adrese de email.',
    'Vor fi omise 3 adrese (2 dezabonate, 1 respinse de serverul destinatarului).',
    '1 firme nu au nicio adresă de email.',
    'Limita zilnică: 2000 email-uri; mai puteți trimite 1900 în următoarele 24 de ore.',
  ]);
});

test('the draft page shows who the message is from and where the answers go (issue 28)', () => {
  expect(describeSender({ From: 'Ana Popescu prin RadarFirme <campanii@radarfirme.ro>', ReplyTo: 'ana@exemplu.ro' })).toEqual([
    { label: 'Expeditor', value: 'Ana Popescu prin RadarFirme <campanii@radarfirme.ro>' },
    { label: 'Răspunsurile ajung la', value: 'ana@exemplu.ro' },
  ]);
  expect(describeSender({ From: 'RadarFirme <campanii@radarfirme.ro>', ReplyTo: null })[1].value).toMatch(/confirmați adresa/);
});
