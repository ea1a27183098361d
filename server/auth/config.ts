// Lifetimes and limits of the session (docs/decisions/008-auth-and-sessions.md).
import 'server-only';
import { env } from '../kernel/env';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Refresh token without "Ține-mă minte": a working day; each rotation starts a new 12 h. */
export const REFRESH_TTL_SECONDS = 12 * 60 * 60;
/** Refresh token with "Ține-mă minte". */
export const REFRESH_TTL_LONG_SECONDS = 30 * 24 * 60 * 60;
/** No refresh extends a session past this, counted from its sign-in (SESSION_MAX_AGE_DAYS, default 90). */
export const sessionMaxAgeSeconds = () => Math.round(env.SESSION_MAX_AGE_DAYS * 24 * 60 * 60);
export const RESET_TOKEN_TTL_SECONDS = 30 * 60;
/** next-auth's own session only bridges the provider redirect to /microsoft-login. */
export const EXTERNAL_BRIDGE_TTL_SECONDS = 5 * 60;

export const TOKEN_ISSUER = 'radarfirme';
export const ACCESS_AUDIENCE = 'radarfirme-api';
export const SESSION_AUDIENCE = 'radarfirme-pages';

export const rateLimits = () => ({
  windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
  ipMax: env.AUTH_RATE_LIMIT_IP_MAX,
  accountMax: env.AUTH_RATE_LIMIT_ACCOUNT_MAX,
  /** Reset mails per address per hour; beyond it the request is answered the same and dropped. */
  forgotPerEmailPerHour: env.FORGOT_PASSWORD_RATE_LIMIT_EMAIL_PER_HOUR,
  forgotPerIpPerHour: env.FORGOT_PASSWORD_RATE_LIMIT_IP_PER_HOUR,
  registerPerIpPerHour: env.REGISTER_RATE_LIMIT_IP_PER_HOUR,
  /** Attempts to use a reset code per hour (decision 035). */
  resetPerIpPerHour: env.RESET_PASSWORD_RATE_LIMIT_IP_PER_HOUR,
  resetPerAccountPerHour: env.RESET_PASSWORD_RATE_LIMIT_ACCOUNT_PER_HOUR,
});

/** Romanian texts the server answers with (the product's error texts and a few of our own). */
export const AUTH_TEXT = {
  forbidden: 'Acces neautorizat!',
  badCredentials: 'E-mailul sau parola sunt incorecte.',
  notSignedIn: 'Trebuie să fiți autentificat.',
  sessionInvalid: 'Sesiunea a expirat. Autentificați-vă din nou.',
  sessionRevoked: 'Sesiunea a fost închisă. Autentificați-vă din nou.',
  tooManyAttempts: (minutes: number) =>
    `Prea multe încercări de autentificare. Încercați din nou peste ${minutes} ${minutes === 1 ? 'minut' : 'minute'}.`,
  tooManyRequests: (minutes: number) =>
    `Prea multe cereri. Încercați din nou peste ${minutes} ${minutes === 1 ? 'minut' : 'minute'}.`,
  userNameTaken: 'Acest nume de utilizator este deja folosit.',
  emailTaken: 'Există deja un cont cu acest e-mail.',
  accountCreated: 'Contul tău a fost creat!',
  forgotAnswer: 'Dacă există un cont cu acest e-mail, vei primi în câteva minute un mesaj cu linkul de resetare a parolei.',
  resetInvalid: 'Linkul de resetare a parolei este invalid sau a expirat. Cereți un link nou.',
  passwordChanged: 'Parola a fost schimbată.',
  passwordChangedOthersEnded: 'Parola a fost schimbată. Celelalte sesiuni ale contului au fost închise.',
  currentPasswordWrong: 'Parola curentă este incorectă.',
  passwordChangeRequired: 'Schimbați parola contului înainte de a continua.',
  publishedPasswordRemote:
    'Această parolă este publicată în documentație și este acceptată doar pe calculatorul pe care rulează aplicația. Conectați-vă de acolo și schimbați parola.',
  externalFailed: 'Autentificarea externă a eșuat.',
  externalNotConfigured: 'Autentificarea cu acest furnizor nu este configurată.',
  externalNoEmail: 'Furnizorul nu a transmis o adresă de e-mail; nu vă putem crea contul.',
  externalEmailInUse:
    'Există deja un cont cu acest e-mail, iar furnizorul nu confirmă adresa. Autentificați-vă cu e-mailul și parola contului.',
} as const;
