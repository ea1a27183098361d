import { z } from 'zod';
import { MESSAGES, requiredEmail, requiredString } from '../shared/schemas';

// Password texts, word for word.
export const PASSWORD_MESSAGES = {
  required: 'Parola este obligatorie.',
  minLength: 'Parola trebuie să aibă cel puțin 8 caractere.',
  complexity:
    'Parola trebuie să conțină minimum 8 caractere, cu cel puțin o literă mare, o literă mică, o cifră și un caracter nealfanumeric.',
  // The spec shows this one in English ("Passwords must match"); the product is in
  // Romanian, so it is translated.
  mismatch: 'Parolele trebuie să coincidă.',
} as const;

const PASSWORD_MIN_LENGTH = 8;
// The special characters: # $ ^ + = ! * ( ) @ % & _

// One upper-case and one lower-case letter (any alphabet, so 'Ă'/'ă' count), one digit,
// one character of the special set, and no whitespace anywhere. Other characters
// (e.g. '-', '.') are allowed: the spec lists what is required, not what is forbidden.
const PASSWORD_RULES: ReadonlyArray<RegExp> = [/\p{Lu}/u, /\p{Ll}/u, /\d/, /[#$^+=!*()@%&_]/];

export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    !/\s/.test(password) &&
    PASSWORD_RULES.every((rule) => rule.test(password))
  );
}

/**
 * Password with the register/reset rules, one message at a time: required, then length,
 * then the composition rule. Not trimmed: spaces are refused, not removed.
 */
export const passwordSchema = z.string({ error: PASSWORD_MESSAGES.required }).superRefine((value, ctx) => {
  let message: string | null = null;
  if (value.length === 0) message = PASSWORD_MESSAGES.required;
  else if (value.length < PASSWORD_MIN_LENGTH) message = PASSWORD_MESSAGES.minLength;
  else if (!isStrongPassword(value)) message = PASSWORD_MESSAGES.complexity;
  if (message) ctx.addIssue({ code: 'custom', message, input: value });
});

const confirmPasswordSchema = z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required });

// Runs even when other fields are invalid, so the mismatch shows together with them.
function refinePasswordsMatch<T extends z.ZodType<{ Password: string; ConfirmPassword: string }>>(schema: T) {
  return schema.refine((data) => data.Password === data.ConfirmPassword, {
    error: PASSWORD_MESSAGES.mismatch,
    path: ['ConfirmPassword'],
    when: (payload) => {
      const value = payload.value as { Password?: unknown; ConfirmPassword?: unknown } | undefined;
      return (
        typeof value?.Password === 'string' &&
        typeof value?.ConfirmPassword === 'string' &&
        value.ConfirmPassword !== ''
      );
    },
  });
}

/** POST /api/Auth/login */
export const loginSchema = z.object({
  Email: requiredEmail(),
  // Only "required" at login: the strength rules apply when a password is chosen.
  Password: z
    .string({ error: PASSWORD_MESSAGES.required })
    .min(1, { error: PASSWORD_MESSAGES.required }),
});

/** The body of POST /api/Auth/login: RememberMe ("Ține-mă minte") is our addition to the documented {Email, Password}. */
export const loginBodySchema = loginSchema.extend({ RememberMe: z.boolean().optional() });

/** POST /api/Account/register. UserName capped at 200 to stay editable (3–200). */
export const registerSchema = refinePasswordsMatch(
  z.object({
    UserName: requiredString({ max: 200 }),
    Email: requiredEmail({ max: 254 }),
    Password: passwordSchema,
    ConfirmPassword: confirmPasswordSchema,
  }),
);

/** POST /api/Auth/forgotPassword */
export const forgotPasswordSchema = z.object({
  Email: requiredEmail(),
});

/** POST /api/Auth/resetPassword. Code is the token from the reset link. */
export const resetPasswordSchema = refinePasswordsMatch(
  z.object({
    Email: requiredEmail(),
    Password: passwordSchema,
    ConfirmPassword: confirmPasswordSchema,
    Code: requiredString(),
  }),
);

const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: 'Parola curentă este obligatorie.',
  samePassword: 'Parola nouă trebuie să fie diferită de cea curentă.',
} as const;

/** POST /api/Auth/changePassword: the current password, then the new one twice (register's rules). */
export const changePasswordSchema = refinePasswordsMatch(
  z.object({
    CurrentPassword: z
      .string({ error: CHANGE_PASSWORD_MESSAGES.currentRequired })
      .min(1, { error: CHANGE_PASSWORD_MESSAGES.currentRequired })
      .max(200),
    Password: passwordSchema,
    ConfirmPassword: confirmPasswordSchema,
  }),
).refine((d) => d.Password !== d.CurrentPassword, {
  error: CHANGE_PASSWORD_MESSAGES.samePassword,
  path: ['Password'],
  when: (payload) => {
    const v = payload.value as { Password?: unknown; CurrentPassword?: unknown } | undefined;
    return typeof v?.Password === 'string' && typeof v?.CurrentPassword === 'string' && v.CurrentPassword !== '';
  },
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** POST /api/Auth/refresh-token */
export const refreshTokenSchema = z.object({
  AccessToken: z.string().min(1),
  RefreshToken: z.string().min(1),
});

/** POST /api/Auth/logout: no body is required; a RefreshToken may be sent to revoke that session too. */
export const logoutSchema = z.object({ RefreshToken: z.string().max(200).optional() }).optional();

/** POST /api/Auth/login-google: `token` is a Google ID token (Google Identity Services' credential). */
export const googleLoginQuery = z.object({ token: z.string().min(10).max(4096), rememberMe: z.enum(['true', 'false']).optional() });

/** POST /api/api/Auth/login-facebook/{userId}/{accessToken} (the documented path, doubled /api included). */
export const facebookLoginParams = z.object({ userId: z.string().regex(/^\d{1,40}$/), accessToken: z.string().min(10).max(4096) });

/** POST /api/Auth/external-session: trades the short next-auth session left by a provider redirect for the app's tokens. */
export const externalSessionSchema = z.object({ RememberMe: z.boolean().optional() }).optional();

/** POST /api/Account/verifyEmail: the token of the link in the verification mail. */
export const verifyEmailSchema = z.object({
  Token: z.string({ error: 'Linkul de confirmare este invalid.' }).trim().min(1, 'Linkul de confirmare este invalid.').max(200, 'Linkul de confirmare este invalid.'),
});
