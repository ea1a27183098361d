// ANAF VAT checks against the local stand-in of the documented contract (decision 098): one call
// rate for the whole deployment kept by two clients at once, 100 CUIs a call, a slow, failing or
// rate-limiting service never reaching the company page's read, and a cancelled VAT registration
// reaching a follower as a notification and a mail.
import { sql } from '@/server/kernel/db';
import { AnafVatClient, ANAF_BUDGET_KEY } from '@/server/fiscal/anaf-client';
import { checkCompanies, processFiscalQueue, requestFiscalRefresh } from '@/server/fiscal/commands';
import { forgetAskedCompanies, getFiscalCheck, readFiscalBlock } from '@/server/fiscal/queries';
import { fanOutPendingRuns } from '@/server/watch/fanout';
import { queueNotificationMails } from '@/server/watch/delivery';
import { demoFacts, startAnafStandIn, type AnafStandIn } from '../stand-ins/anaf-vat';
import { createCompany } from '../factories/companies';

type TestCompany = Awaited<ReturnType<typeof createCompany>>;
import { createUser } from '../factories/users';

jest.setTimeout(90_000);

let standIn: AnafStandIn;
const client = (o: Partial<ConstructorParameters<typeof AnafVatClient>[0]> = {}) =>
  new AnafVatClient({ url: standIn.url, intervalMs: 1000, timeoutMs: 2000, retries: 2, backoff: { baseMs: 100, capMs: 400 }, breaker: { failures: 50, cooldownMs: 60_000 }, ...o });
const resetBudget = () => sql(`DELETE FROM remote_call_slot WHERE key = $1`, [ANAF_BUDGET_KEY]);

beforeAll(async () => {
  standIn = await startAnafStandIn();
});
afterAll(async () => {
  await standIn.close();
  await resetBudget();
});
beforeEach(async () => {
  standIn.calls.length = 0;
  standIn.mode = 'ok';
  standIn.delayMs = 0;
  standIn.overrides.clear();
  await resetBudget();
});

/** The smallest time between two arrivals at the stand-in (ms). */
const smallestGap = (calls: Array<{ at: number }>) => {
  const at = calls.map((c) => c.at).sort((a, b) => a - b);
  return Math.min(...at.slice(1).map((t, i) => t - at[i]));
};

describe('one call rate for the whole deployment', () => {
  it('two instances calling at once never exceed one call a second, nor 100 CUIs a call', async () => {
    const companies: TestCompany[] = [];
    for (let i = 0; i < 5; i++) companies.push(await createCompany());
    const cuis = companies.map((c) => c.cui);
    const a = client();
    const b = client();
    const many = Array.from({ length: 100 }, (_, i) => 1000 + i);
    const started = Date.now();
    await Promise.all([
      a.checkVat(many, '2026-11-29', 30_000),
      a.checkVat(cuis.slice(0, 2), '2026-11-29', 30_000),
      a.checkVat(cuis.slice(2), '2026-11-29', 30_000),
      b.checkVat(cuis, '2026-11-29', 30_000),
      b.checkVat(many, '2026-11-29', 30_000),
      b.checkVat(cuis.slice(0, 1), '2026-11-29', 30_000),
    ]);
    expect(standIn.calls).toHaveLength(6);
    expect(Math.max(...standIn.calls.map((c) => c.cuis.length))).toBeLessThanOrEqual(100);
    // Counted where the service counts: at arrival (a call leaves an interval after the previous answer).
    expect(smallestGap(standIn.calls)).toBeGreaterThanOrEqual(1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 * 1000);
    await expect(a.checkVat(Array.from({ length: 101 }, (_, i) => i + 1), '2026-11-29', 1000)).rejects.toThrow(/cel mult 100/);
  });

  it('a list of 250 companies goes in calls of at most 100, and every company gets its check', async () => {
    const companies: TestCompany[] = [];
    for (let i = 0; i < 3; i++) companies.push(await createCompany());
    const cuis = [...Array.from({ length: 247 }, (_, i) => 900_000_000 + i), ...companies.map((c) => c.cui)];
    const r = await checkCompanies(cuis, { client: client({ intervalMs: 200 }) });
    expect(standIn.calls.map((c) => c.cuis.length)).toEqual([100, 100, 50]);
    expect(r).toMatchObject({ checked: 250, failed: 0, error: null });
    const check = await getFiscalCheck(companies[2].cui);
    const facts = demoFacts(companies[2].cui);
    expect(check).toMatchObject({ Found: true, VatPayer: facts.vatPayer, Inactive: facts.inactive, EFactura: facts.eFactura, IsStale: false, Error: null });
  });
});

describe('a service in trouble never reaches the page', () => {
  it('slow (5 s): the check times out and keeps the last good answer; the page read does not wait', async () => {
    const { cui } = await createCompany();
    await checkCompanies([cui], { client: client() });
    const good = await getFiscalCheck(cui);
    standIn.delayMs = 5000;
    const slowClient = client({ timeoutMs: 1500, retries: 0 });
    const pending = checkCompanies([cui], { client: slowClient });
    await new Promise((r) => setTimeout(r, 200));
    const t = performance.now();
    const shown = await readFiscalBlock(cui);
    expect(performance.now() - t).toBeLessThan(500);
    expect(shown?.CheckedAt).toBe(good?.CheckedAt);
    const r = await pending;
    expect(r).toMatchObject({ checked: 0, failed: 1, error: 'ANAF nu a răspuns la timp.' });
    const after = await getFiscalCheck(cui);
    expect(after).toMatchObject({ CheckedAt: good?.CheckedAt, VatPayer: good?.VatPayer, Error: 'ANAF nu a răspuns la timp.' });
  });

  it('429: every instance pauses for its Retry-After; failing: the breaker stops calling', async () => {
    const { cui } = await createCompany();
    standIn.mode = 'rate-limited';
    const r = await checkCompanies([cui], { client: client({ retries: 0 }) });
    expect(r.error).toBe('ANAF a cerut o pauză între verificări.');
    const [slot] = await sql<{ ms: number }>(`SELECT extract(epoch FROM next_at - clock_timestamp()) * 1000 AS ms FROM remote_call_slot WHERE key = $1`, [ANAF_BUDGET_KEY]);
    expect(Number(slot.ms)).toBeGreaterThan(1000);

    await resetBudget();
    standIn.mode = 'fail';
    standIn.calls.length = 0;
    const fragile = client({ retries: 0, intervalMs: 100, breaker: { failures: 2, cooldownMs: 60_000 } });
    await checkCompanies([cui], { client: fragile });
    await checkCompanies([cui], { client: fragile });
    const third = await checkCompanies([cui], { client: fragile });
    expect(standIn.calls).toHaveLength(2);
    expect(third.error).toMatch(/oprite temporar/);
    expect((await getFiscalCheck(cui))?.Error).toMatch(/oprite temporar/);
  });

  it('maintenance page instead of JSON: the check fails with a clear message', async () => {
    const { cui } = await createCompany();
    standIn.mode = 'garbage';
    const r = await checkCompanies([cui], { client: client({ retries: 1 }) });
    expect(standIn.calls).toHaveLength(2);
    expect(r.error).toBe('Serviciul ANAF este în mentenanță.');
  });
});

describe('background refresh and monitoring events', () => {
  it('a page with no check asks for one; the worker makes it', async () => {
    const { cui } = await createCompany();
    forgetAskedCompanies();
    expect(await readFiscalBlock(cui)).toBeNull();
    // The queue write is not awaited by the page.
    for (let i = 0; i < 50 && (await sql(`SELECT 1 FROM fiscal_refresh_request WHERE cui = $1`, [cui])).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await sql(`SELECT 1 FROM fiscal_refresh_request WHERE cui = $1`, [cui])).toHaveLength(1);
    const r = await processFiscalQueue({ client: client({ intervalMs: 100 }) });
    expect(r.checked).toBeGreaterThanOrEqual(1);
    expect((await getFiscalCheck(cui))?.Found).toBe(true);
    expect(await sql(`SELECT 1 FROM fiscal_refresh_request WHERE cui = $1`, [cui])).toHaveLength(0);
  });

  it('a failed background check goes back in the queue for later', async () => {
    const { cui } = await createCompany();
    await requestFiscalRefresh([cui]);
    standIn.mode = 'fail';
    await processFiscalQueue({ client: client({ retries: 0, intervalMs: 100 }) });
    const [req] = await sql<{ attempts: number; later: boolean }>(`SELECT attempts, due_at > now() AS later FROM fiscal_refresh_request WHERE cui = $1`, [cui]);
    expect(req).toEqual({ attempts: 1, later: true });
  });

  it('a followed company whose VAT registration is cancelled: a change, a notification and a mail', async () => {
    const company = await createCompany({ name: 'PARTENER FISCAL SRL' });
    const follower = await createUser();
    await sql(`INSERT INTO watch_company (user_id, cui) VALUES ($1, $2)`, [follower.id, company.cui]);
    await sql(`INSERT INTO notification_preference (user_id, email_mode) VALUES ($1, 'immediate') ON CONFLICT (user_id) DO UPDATE SET email_mode = 'immediate'`, [follower.id]);
    standIn.overrides.set(company.cui, { ...demoFacts(company.cui, company.name), vatPayer: true, inactive: false, eFactura: true, eFacturaSince: '2024-01-01' });
    const c = client({ intervalMs: 100 });
    expect((await checkCompanies([company.cui], { client: c })).changes).toEqual([]);
    standIn.overrides.set(company.cui, { ...demoFacts(company.cui, company.name), vatPayer: false, vatEndedOn: '2026-11-15', inactive: false, eFactura: true, eFacturaSince: '2024-01-01' });
    const r = await checkCompanies([company.cui], { client: c });
    expect(r.changes).toEqual([{ cui: company.cui, kind: 'vat', oldValue: 'plătitor de TVA', newValue: 'înregistrare anulată (2026-11-15)' }]);
    await fanOutPendingRuns();
    const notes = await sql<{ kind: string }>(
      `SELECT n.kind FROM notification n JOIN company_change c ON c.id = n.change_id WHERE n.user_id = $1 AND c.cui = $2`,
      [follower.id, company.cui],
    );
    expect(notes).toEqual([{ kind: 'vat' }]);
    await queueNotificationMails(new Date());
    const mails = await sql<{ subject: string; text: string }>(`SELECT subject, text FROM outbox_mail WHERE "to" = $1`, [follower.email]);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Înregistrarea în scopuri de TVA (ANAF): plătitor de TVA → înregistrare anulată (2026-11-15)');
    await sql(`DELETE FROM outbox_mail WHERE "to" = $1`, [follower.email]);
    await sql(`DELETE FROM import_run WHERE id IN (SELECT run_id FROM company_change WHERE cui = $1)`, [company.cui]);
  });
});
