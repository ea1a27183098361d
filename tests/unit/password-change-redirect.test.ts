/** @jest-environment jsdom */
// A call the API refuses until the password is changed (403 PASSWORD_CHANGE_REQUIRED,
// server/http/route.ts) sends the user to /Schimbare-parola and is cancelled like a failed
// refresh: no generic "A apărut o eroare…" toast for it, from any caller.
import { ApiCancelledError, ApiError, apiRequest, onPasswordChangeRequired, setTokens } from '@/lib/api/client';
import { DEFAULT_ERROR_MESSAGE, showErrorToast } from '@/components/layout/toaster';

const toastError = jest.fn();
jest.mock('@/components/layout/sonner-toaster', () => ({ toast: { error: (...args: unknown[]) => toastError(...args) }, SonnerToaster: () => null }));

function answer(status: number, body: unknown) {
  const text = JSON.stringify(body);
  global.fetch = jest.fn(async () => ({ ok: false, status, text: async () => text, json: async () => body })) as unknown as typeof fetch;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  toastError.mockClear();
  localStorage.clear();
  setTokens({ AccessToken: 'A', RefreshToken: 'R' });
  window.history.pushState(null, '', '/Grupuri-email');
});

test('403 PASSWORD_CHANGE_REQUIRED: the change page is asked for and the call is cancelled, not a plain ApiError', async () => {
  const redirected = jest.fn();
  const off = onPasswordChangeRequired(redirected);
  answer(403, { Message: 'Trebuie să vă schimbați parola.', Code: 'PASSWORD_CHANGE_REQUIRED' });
  const error = await apiRequest('/api/Group/getGroups').catch((e: unknown) => e);
  off();
  expect(error).toBeInstanceOf(ApiCancelledError);
  expect(error).not.toBeInstanceOf(ApiError);
  expect(redirected).toHaveBeenCalledTimes(1);
});

test('a caller that toasts any failure shows nothing while the app goes to the change page, and toasts again there', async () => {
  const off = onPasswordChangeRequired(() => {});
  answer(403, { Message: 'Trebuie să vă schimbați parola.', Code: 'PASSWORD_CHANGE_REQUIRED' });
  await apiRequest('/api/Group/getGroups').catch(() => showErrorToast());
  await flush();
  expect(toastError).not.toHaveBeenCalled();

  window.history.pushState(null, '', '/Schimbare-parola');
  showErrorToast();
  await flush();
  off();
  expect(toastError).toHaveBeenCalledWith(DEFAULT_ERROR_MESSAGE, undefined);
});

test('any other 403 stays an ApiError the caller shows, and asks for no password change', async () => {
  const redirected = jest.fn();
  const off = onPasswordChangeRequired(redirected);
  answer(403, { Message: 'Acces neautorizat!', Code: 'FORBIDDEN' });
  const error = await apiRequest('/api/Group/getGroups').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  showErrorToast();
  await flush();
  off();
  expect(redirected).not.toHaveBeenCalled();
  expect(toastError).toHaveBeenCalledTimes(1);
});
