// The start-up refusal (docs/decisions/031): which instances may start with a published password.
import {
  DEFAULT_ADMIN_PASSWORD,
  isLoopbackHost,
  PUBLISHED_DEMO_PASSWORD,
  reachableBecause,
  selfAddress,
  startupRefusal,
  type CredentialFacts,
  type ExposureSettings,
} from '@/server/kernel/exposure';
import { changePasswordSchema } from '@/lib/auth/schemas';

const LOCAL: ExposureSettings = { host: '127.0.0.1', operatorNodeEnv: undefined, appUrl: 'http://localhost:3000' };
/** A newcomer's first `npm start`: nothing set, a new database. */
const NEW_DB: CredentialFacts = {
  adminPassword: undefined,
  adminExists: false,
  adminHasPublishedPassword: false,
  demoAccountsEnabled: true,
  demoPassword: undefined,
  demoAccountsWithPublishedPassword: 0,
};
/** An operator who set both passwords (new database). */
const SAFE: CredentialFacts = { ...NEW_DB, adminPassword: 'Alta#Parola-2026', demoPassword: 'Alta#Demo-2026' };

describe('loopback hosts', () => {
  test.each(['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', 'app.localhost', '::1', '[::1]', '::ffff:127.0.0.1'])('%s is loopback', (h) =>
    expect(isLoopbackHost(h)).toBe(true),
  );
  test.each(['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'radarfirme.ro', '128.0.0.1', '::ffff:10.0.0.1', '127.0.0.1.nip.io', ''])('%s is not', (h) =>
    expect(isLoopbackHost(h)).toBe(false),
  );
});

test('the address the server reaches itself on (HOST may be one LAN address)', () => {
  expect(['127.0.0.1', '0.0.0.0', '::', 'localhost', '::1'].map(selfAddress)).toEqual(Array(5).fill('127.0.0.1'));
  expect(selfAddress('192.168.1.10')).toBe('192.168.1.10');
  expect(selfAddress('fd00::2')).toBe('[fd00::2]');
});

describe('what makes an instance reachable', () => {
  test('the defaults are loopback', () => expect(reachableBecause(LOCAL)).toBeNull());
  test('HOST not loopback', () => expect(reachableBecause({ ...LOCAL, host: '0.0.0.0' })).toBe('HOST=0.0.0.0'));
  test('NODE_ENV=production set by the operator', () => expect(reachableBecause({ ...LOCAL, operatorNodeEnv: 'production' })).toBe('NODE_ENV=production'));
  test('NODE_ENV=development is not', () => expect(reachableBecause({ ...LOCAL, operatorNodeEnv: 'development' })).toBeNull());
  test('APP_URL not on loopback', () => expect(reachableBecause({ ...LOCAL, appUrl: 'https://radarfirme.ro' })).toBe('APP_URL=https://radarfirme.ro'));
  test('APP_URL on 127.0.0.1 is loopback', () => expect(reachableBecause({ ...LOCAL, appUrl: 'http://127.0.0.1:3000' })).toBeNull());
});

describe('start-up refusal', () => {
  test('a loopback instance starts with every published password', () => {
    expect(startupRefusal(LOCAL, NEW_DB)).toBeNull();
    expect(startupRefusal(LOCAL, { ...NEW_DB, adminExists: true, adminHasPublishedPassword: true, demoAccountsWithPublishedPassword: 4 })).toBeNull();
  });

  for (const [name, settings] of [
    ['HOST=0.0.0.0', { ...LOCAL, host: '0.0.0.0' }],
    ['NODE_ENV=production', { ...LOCAL, operatorNodeEnv: 'production' }],
    ['APP_URL', { ...LOCAL, appUrl: 'https://radarfirme.ro' }],
  ] as const) {
    describe(`reachable through ${name}`, () => {
      test('refuses the default admin password that would be created, naming ADMIN_PASSWORD and the reason', () => {
        const r = startupRefusal(settings, NEW_DB);
        expect(r?.variable).toBe('ADMIN_PASSWORD');
        expect(r?.message).toContain('ADMIN_PASSWORD');
        expect(r?.message).toContain(reachableBecause(settings)!);
        expect(r?.message).not.toContain('\n');
      });
      test('refuses ADMIN_PASSWORD set to the published value', () => {
        expect(startupRefusal(settings, { ...SAFE, adminPassword: DEFAULT_ADMIN_PASSWORD })?.variable).toBe('ADMIN_PASSWORD');
      });
      test('refuses an existing admin that still has the published password, whatever ADMIN_PASSWORD says', () => {
        expect(startupRefusal(settings, { ...SAFE, adminExists: true, adminHasPublishedPassword: true })?.variable).toBe('ADMIN_PASSWORD');
      });
      test('refuses demo accounts that would be created with the published password', () => {
        const r = startupRefusal(settings, { ...NEW_DB, adminPassword: 'Alta#Parola-2026' });
        expect(r?.variable).toBe('DEMO_PASSWORD');
        expect(r?.message).toContain('DEMO_ACCOUNTS=0');
        expect(startupRefusal(settings, { ...SAFE, demoPassword: PUBLISHED_DEMO_PASSWORD })?.variable).toBe('DEMO_PASSWORD');
      });
      test('refuses existing demo accounts with the published password, even with DEMO_ACCOUNTS=0', () => {
        const facts = { ...SAFE, adminExists: true, demoAccountsEnabled: false, demoAccountsWithPublishedPassword: 2 };
        expect(startupRefusal(settings, facts)?.variable).toBe('DEMO_PASSWORD');
      });
      test('starts with both passwords set, or with DEMO_ACCOUNTS=0', () => {
        expect(startupRefusal(settings, SAFE)).toBeNull();
        expect(startupRefusal(settings, { ...NEW_DB, adminPassword: 'Alta#Parola-2026', demoAccountsEnabled: false })).toBeNull();
        // An existing database: the admin changed the password; demo accounts are not created again.
        expect(startupRefusal(settings, { ...NEW_DB, adminExists: true })).toBeNull();
      });
    });
  }
});

describe('change-password schema (form and server)', () => {
  const ok = { CurrentPassword: 'Veche#2026', Password: 'Noua#2026x', ConfirmPassword: 'Noua#2026x' };
  test('accepts a strong new password', () => expect(changePasswordSchema.safeParse(ok).success).toBe(true));
  const errorsOf = (v: object) => {
    const r = changePasswordSchema.safeParse(v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  test('the current password is required', () => expect(errorsOf({ ...ok, CurrentPassword: '' })).toEqual({ CurrentPassword: 'Parola curentă este obligatorie.' }));
  test('the new password follows the register rules', () => expect(Object.keys(errorsOf({ ...ok, Password: 'slaba', ConfirmPassword: 'slaba' }))).toEqual(['Password']));
  test('the confirmation must match', () => expect(errorsOf({ ...ok, ConfirmPassword: 'Alta#2026x' })).toEqual({ ConfirmPassword: 'Parolele trebuie să coincidă.' }));
  test('the new password must differ from the current one', () =>
    expect(errorsOf({ ...ok, Password: ok.CurrentPassword, ConfirmPassword: ok.CurrentPassword })).toEqual({
      Password: 'Parola nouă trebuie să fie diferită de cea curentă.',
    }));
});
