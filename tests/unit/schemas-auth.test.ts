import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@/lib/shared/schemas';
import {
  PASSWORD_MESSAGES,
  forgotPasswordSchema,
  isStrongPassword,
  loginSchema,
  passwordSchema,
  registerSchema,
  resetPasswordSchema,
} from '@/lib/auth/schemas';
import { issuesOf } from './schemas-helpers';

const validRegister = {
  UserName: 'Ion Popescu',
  Email: 'ion@firma.ro',
  Password: 'Parola#2024',
  ConfirmPassword: 'Parola#2024',
};

describe('password messages', () => {
  it('are the spec texts, the mismatch one translated', () => {
    expect(PASSWORD_MESSAGES.required).toBe('Parola este obligatorie.');
    expect(PASSWORD_MESSAGES.minLength).toBe('Parola trebuie să aibă cel puțin 8 caractere.');
    expect(PASSWORD_MESSAGES.complexity).toBe(
      'Parola trebuie să conțină minimum 8 caractere, cu cel puțin o literă mare, o literă mică, o cifră și un caracter nealfanumeric.',
    );
    expect(PASSWORD_MESSAGES.mismatch).toBe('Parolele trebuie să coincidă.');
  });
});

describe('passwordSchema', () => {
  it('accepts a password meeting every rule', () => {
    expect(issuesOf(passwordSchema, 'Parola#1')).toEqual({});
    expect(issuesOf(passwordSchema, 'Ăbcdefg1_')).toEqual({});
  });

  it.each('#$^+=!*()@%&_'.split(''))('accepts the special character %s', (special) => {
    expect(isStrongPassword(`Abcdefg1${special}`)).toBe(true);
  });

  it.each([
    ['', PASSWORD_MESSAGES.required],
    ['Ab1#', PASSWORD_MESSAGES.minLength],
    ['Abcde1#', PASSWORD_MESSAGES.minLength],
    ['parola#2024', PASSWORD_MESSAGES.complexity], // no upper case
    ['PAROLA#2024', PASSWORD_MESSAGES.complexity], // no lower case
    ['Parola#abc', PASSWORD_MESSAGES.complexity], // no digit
    ['Parola2024', PASSWORD_MESSAGES.complexity], // no special
    ['Parola-2024', PASSWORD_MESSAGES.complexity], // '-' is not in the special set
    ['Parola 2024#', PASSWORD_MESSAGES.complexity], // whitespace
    ['Parola\t2024#', PASSWORD_MESSAGES.complexity], // whitespace
  ])('%p fails with one message', (password, message) => {
    expect(issuesOf(passwordSchema, password)).toEqual({ '': [message] });
  });

  it('refuses a missing password with the required message', () => {
    expect(issuesOf(passwordSchema, undefined)).toEqual({ '': [PASSWORD_MESSAGES.required] });
  });
});

describe('loginSchema', () => {
  it('needs an email and a password (no strength rules)', () => {
    expect(issuesOf(loginSchema, { Email: 'ion@firma.ro', Password: 'x' })).toEqual({});
    expect(issuesOf(loginSchema, { Email: '', Password: '' })).toEqual({
      Email: [MESSAGES.required],
      Password: [PASSWORD_MESSAGES.required],
    });
    expect(issuesOf(loginSchema, { Email: 'ion', Password: 'x' })).toEqual({ Email: [MESSAGES.email] });
  });
});

describe('registerSchema', () => {
  it('accepts a valid registration', () => {
    expect(issuesOf(registerSchema, validRegister)).toEqual({});
  });

  it('requires every field', () => {
    expect(issuesOf(registerSchema, { UserName: '', Email: '', Password: '', ConfirmPassword: '' })).toEqual({
      UserName: [MESSAGES.required],
      Email: [MESSAGES.required],
      Password: [PASSWORD_MESSAGES.required],
      ConfirmPassword: [MESSAGES.required],
    });
  });

  it('reports a mismatch on ConfirmPassword, also when other fields are invalid', () => {
    expect(issuesOf(registerSchema, { ...validRegister, ConfirmPassword: 'Parola#2025' })).toEqual({
      ConfirmPassword: [PASSWORD_MESSAGES.mismatch],
    });
    expect(issuesOf(registerSchema, { ...validRegister, Email: 'bad', ConfirmPassword: 'x' })).toEqual({
      Email: [MESSAGES.email],
      ConfirmPassword: [PASSWORD_MESSAGES.mismatch],
    });
  });

  it('caps the user name at 200 characters', () => {
    expect(issuesOf(registerSchema, { ...validRegister, UserName: 'a'.repeat(201) })).toEqual({
      UserName: [MESSAGES.maxLength(200)],
    });
  });

  it('works with the react-hook-form resolver', async () => {
    const resolver = zodResolver(registerSchema);
    const result = await resolver(
      { ...validRegister, Password: 'short', ConfirmPassword: 'other' },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(result.errors.Password?.message).toBe(PASSWORD_MESSAGES.minLength);
    expect(result.errors.ConfirmPassword?.message).toBe(PASSWORD_MESSAGES.mismatch);
    const ok = await resolver(validRegister, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(ok.errors).toEqual({});
    expect(ok.values).toEqual(validRegister);
  });
});

describe('forgot and reset', () => {
  it('forgot needs a valid email', () => {
    expect(issuesOf(forgotPasswordSchema, { Email: '' })).toEqual({ Email: [MESSAGES.required] });
    expect(issuesOf(forgotPasswordSchema, { Email: 'ion@firma.ro' })).toEqual({});
  });

  it('reset uses the password rules and needs the code', () => {
    const valid = { Email: 'ion@firma.ro', Password: 'Parola#2024', ConfirmPassword: 'Parola#2024', Code: 'tok' };
    expect(issuesOf(resetPasswordSchema, valid)).toEqual({});
    expect(issuesOf(resetPasswordSchema, { ...valid, Code: '' })).toEqual({ Code: [MESSAGES.required] });
    expect(issuesOf(resetPasswordSchema, { ...valid, Password: 'parola2024', ConfirmPassword: 'parola2024' })).toEqual({
      Password: [PASSWORD_MESSAGES.complexity],
    });
    expect(issuesOf(resetPasswordSchema, { ...valid, ConfirmPassword: 'Parola#2023' })).toEqual({
      ConfirmPassword: [PASSWORD_MESSAGES.mismatch],
    });
  });
});
