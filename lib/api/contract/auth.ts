// The contract of the auth endpoints (autentificare și cont): access, input schemas, answer and summary.
import { endpoints } from './types';
import { z } from 'zod';
import { messageAnswer, noContentAnswer, tokenPairAnswer, unknownAnswer } from './answers';
import { changePasswordSchema, externalSessionSchema, facebookLoginParams, forgotPasswordSchema, googleLoginQuery, loginBodySchema, logoutSchema, refreshTokenSchema, registerSchema, resetPasswordSchema, verifyEmailSchema } from '@/lib/auth/schemas';
import { deleteMyAccountSchema } from '@/lib/privacy/own-data';

export const authContract = endpoints({
  'POST /api/Auth/login': {
    access: 'public',
    summary: 'Autentificare cu e-mail și parolă; întoarce perechea de tokenuri',
    body: loginBodySchema,
    answer: tokenPairAnswer,
  },
  // Public so an expired access token can still end its session (sign-out revokes whatever family
  // the caller names; it never reveals anything).
  'POST /api/Auth/logout': {
    access: 'public',
    summary: 'Închide sesiunea (revocă tokenul de reîmprospătare)',
    body: logoutSchema,
    answer: noContentAnswer,
  },
  'POST /api/Account/register': {
    access: 'public',
    summary: 'Creează un cont nou',
    body: registerSchema,
    answer: z.object({ UserId: z.number(), UserName: z.string(), Email: z.string(), Message: z.string() }),
  },
  // Public: the signed token in the body is the credential (the link may be opened signed out).
  'POST /api/Account/verifyEmail': {
    access: 'public',
    summary: 'Confirmă adresa de e-mail cu tokenul primit pe e-mail',
    body: verifyEmailSchema,
    answer: messageAnswer,
  },
  'POST /api/Account/resendVerification': {
    access: 'user',
    summary: 'Retrimite e-mailul de confirmare a adresei',
    answer: messageAnswer,
  },
  'POST /api/Auth/forgotPassword': {
    access: 'public',
    summary: 'Trimite linkul de resetare a parolei',
    body: forgotPasswordSchema,
    answer: messageAnswer,
  },
  'POST /api/Auth/resetPassword': {
    access: 'public',
    summary: 'Setează o parolă nouă cu tokenul de resetare',
    body: resetPasswordSchema,
    answer: messageAnswer,
  },
  'POST /api/Auth/login-google': {
    access: 'public',
    summary: 'Autentificare cu un token Google',
    query: googleLoginQuery,
    answer: tokenPairAnswer,
  },
  'POST /api/api/Auth/login-facebook/[userId]/[accessToken]': {
    access: 'public',
    summary: 'Autentificare cu un token Facebook',
    params: facebookLoginParams,
    answer: tokenPairAnswer,
  },
  'GET /api/Auth/userDetails': {
    access: 'user',
    summary: 'Datele utilizatorului autentificat',
    answer: z.object({ UserId: z.number(), UserName: z.string(), UserRoles: z.array(z.string()), UserRole: z.string(), Email: z.string(), MustChangePassword: z.boolean(), EmailVerified: z.boolean() }),
  },
  // Our own (issue 23): the signed-in user's password; the current one is required.
  'POST /api/Auth/changePassword': {
    access: 'user',
    summary: 'Schimbă parola utilizatorului autentificat',
    body: changePasswordSchema,
    answer: messageAnswer,
  },
  // Public by design: the refresh token in the body is the credential (the access token has expired).
  'POST /api/Auth/refresh-token': {
    access: 'public',
    summary: 'Reînnoiește perechea de tokenuri',
    body: refreshTokenSchema,
    answer: tokenPairAnswer,
  },
  // /microsoft-login trades the short next-auth bridge session (a cookie) for the token pair; the
  // caller proves who they are with that cookie, so it is public like Auth/login.
  'POST /api/Auth/external-session': {
    access: 'public',
    summary: 'Schimbă sesiunea next-auth pe perechea de tokenuri',
    body: externalSessionSchema,
    answer: tokenPairAnswer,
  },
  // The caller's own data: a JSON download, and erasing the account (the password confirms it).
  'GET /api/Account/exportMyData': {
    access: 'user',
    summary: 'Descarcă datele proprii (JSON)',
    answer: unknownAnswer,
    answerType: 'application/json (fișier descărcat)',
  },
  'POST /api/Account/deleteMyAccount': {
    access: 'user',
    summary: 'Șterge contul propriu (cu parola)',
    body: deleteMyAccountSchema,
    answer: noContentAnswer,
  },
});
