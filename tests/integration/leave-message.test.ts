// POST /api/Email/SendLeaveUsMessageEmail: validated with the shared schema (its Romanian texts), stored
// in leave_message, queued in the outbox for the operator's address, limited per address.
import { POST } from '@/app/api/Email/SendLeaveUsMessageEmail/route';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { waitForBackgroundTasks } from '@/server/mail/background';
import { LEAVE_MESSAGE_LIMIT_PER_HOUR } from '@/server/messages/commands';
import { fromAddress, isolateMail, randomIp, uniq } from './support/auth';

type ErrorBody = { Message: string; Code: string; Errors?: Record<string, string[]> };

function send(body: unknown, ip = randomIp()) {
  return POST(
    new Request('http://localhost/api/Email/SendLeaveUsMessageEmail', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...fromAddress(ip) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

const valid = () => ({ Name: `Ana Popescu ${uniq()}`, PhoneNumber: '0721 234 567', Email: `ana.${uniq()}@exemplu.ro`, Message: 'Aș dori o ofertă pentru abonament.' });

beforeEach(() => {
  isolateMail();
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());
afterAll(() => waitForBackgroundTasks());

test('a valid message is stored and queued for the operator', async () => {
  const msg = valid();
  const res = await send(msg);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ Message: 'Email-ul a fost trimis cu succes!' });
  const stored = await sql<{ name: string; phone_number: string; email: string; message: string }>(
    `SELECT name, phone_number, email, message FROM leave_message WHERE name = $1`,
    [msg.Name],
  );
  expect(stored).toEqual([{ name: msg.Name, phone_number: msg.PhoneNumber, email: msg.Email, message: msg.Message }]);
  const mail = await sql<{ to: string; kind: string; text: string }>(`SELECT "to", kind, text FROM outbox_mail WHERE text LIKE $1`, [`%${msg.Name}%`]);
  expect(mail).toHaveLength(1);
  expect(mail[0].to).toBe(env.OPERATOR_EMAIL);
  expect(mail[0].kind).toBe('leave-message');
  expect(mail[0].text).toContain(msg.Email);
  await waitForBackgroundTasks();
});

test('the message is optional', async () => {
  const res = await send({ ...valid(), Message: '' });
  expect(res.status).toBe(200);
});

test.each([
  [{ Name: '' }, 'Name', 'Numele este obligatoriu.'],
  [{ Name: '   ' }, 'Name', 'Numele este obligatoriu.'],
  [{ PhoneNumber: '' }, 'PhoneNumber', 'Telefonul este obligatoriu.'],
  [{ Email: '' }, 'Email', 'Email-ul este obligatoriu.'],
  [{ Email: 'nu-este-email' }, 'Email', 'Acest câmp trebuie să fie un e-mail valid.'],
  [{ Message: 'x'.repeat(201) }, 'Message', 'Mesajul poate să conțină maximum 200 de caractere.'],
])('%j → 400 on %s with the spec text', async (patch, field, text) => {
  const before = (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM leave_message`))[0].n;
  const res = await send({ ...valid(), ...patch });
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorBody;
  expect(body.Errors?.[field]).toEqual([text]);
  expect((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM leave_message`))[0].n).toBe(before);
});

test('malformed JSON and a huge body are refused', async () => {
  expect((await send('{"Name": ')).status).toBe(400);
  expect((await send({ ...valid(), Name: 'x'.repeat(20_000) })).status).toBe(413);
});

test(`at most ${LEAVE_MESSAGE_LIMIT_PER_HOUR} messages per address and hour`, async () => {
  const ip = randomIp();
  for (let i = 0; i < LEAVE_MESSAGE_LIMIT_PER_HOUR; i++) expect((await send(valid(), ip)).status).toBe(200);
  const res = await send(valid(), ip);
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  expect((await send(valid(), randomIp())).status).toBe(200);
  await waitForBackgroundTasks();
});
