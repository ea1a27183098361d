// The session calls (login, registration, passwords, e-mail verification, logout, external
// sign-in), each typed by its contract key (lib/api/contract): the answer types come from the
// schemas the server answers with.
import { getTokens, apiCall } from './client';

export const authApi = {
  login: (body: { Email: string; Password: string; RememberMe?: boolean }) => apiCall('POST /api/Auth/login', { body }),
  register: (body: { UserName: string; Email: string; Password: string; ConfirmPassword: string }) => apiCall('POST /api/Account/register', { body }),
  forgotPassword: (body: { Email: string }) => apiCall('POST /api/Auth/forgotPassword', { body }),
  resetPassword: (body: { Email: string; Password: string; ConfirmPassword: string; Code: string }) => apiCall('POST /api/Auth/resetPassword', { body }),
  changePassword: (body: { CurrentPassword: string; Password: string; ConfirmPassword: string }) => apiCall('POST /api/Auth/changePassword', { body }),
  userDetails: (opts: { background?: boolean } = {}) => apiCall('GET /api/Auth/userDetails', opts),
  verifyEmail: (body: { Token: string }) => apiCall('POST /api/Account/verifyEmail', { body }),
  resendVerification: () => apiCall('POST /api/Account/resendVerification'),
  logout: () => {
    const tokens = getTokens();
    return apiCall('POST /api/Auth/logout', { body: tokens ? { RefreshToken: tokens.RefreshToken } : undefined });
  },
  externalSession: (body: { RememberMe?: boolean }) => apiCall('POST /api/Auth/external-session', { body }),
  loginGoogle: (token: string) => apiCall('POST /api/Auth/login-google', { query: { token } }),
  loginFacebook: (userId: string, accessToken: string) => apiCall('POST /api/api/Auth/login-facebook/[userId]/[accessToken]', { params: { userId, accessToken } }),
};
