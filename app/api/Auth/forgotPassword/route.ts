import { AUTH_TEXT } from '@/server/auth/config';
import { checkForgotPasswordAddress, requestPasswordReset } from '@/server/account/password-reset';
import { clientAddress } from '@/server/kernel/rate-limit';
import { apiRoute } from '@/server/http/route';
import { runInBackground } from '@/server/mail/background';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Auth/forgotPassword', {
  handler: async ({ body, req }) => {
    const limited = await checkForgotPasswordAddress(clientAddress(req));
    if (limited) throw limited;
    // The lookup runs after the answer: same text and same time whether or not the account exists.
    runInBackground(() => requestPasswordReset(body.Email), 'resetarea parolei');
    return { Message: AUTH_TEXT.forgotAnswer };
  },
});
