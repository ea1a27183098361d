/** @jest-environment jsdom */
// A call the API refuses until the password is changed (403 PASSWORD_CHANGE_REQUIRED,
// server/http/route.ts) sends the user to /Schimbare-parola and is cancelled like a failed
// refresh: no generic "A apărut o eroare…" toast for it, from any caller.
import { ApiCancelledError, ApiError, REFUSAL_TOAST_WINDOW_MS, apiRequest, onPasswordChangeRequired, setTokens } from '@/lib/api/client';
import { DEFAULT_ERROR_MESSAGE, showErrorToast } from '@/components/layout/toaster';

const toastError = jest.fn();
jest.mock('@/components/layout/sonner-toaster', () => ({ toast: { error: (...args: unknown[]) => toastError(...args) }, SonnerToaster: () => null }));

function answer(status: number, body: unknown) {
  const text = JSON.stringify(body);
  global.fetch = jest.fn(async () => ({ ok: false, status, text: async () => text, json: async () => body })) as unknown as typeof fetch;
}

afterEach(() => jest.restoreAllMocks());

const flush = () => new Promise((r) => setTimeout(r, 0));

// Each test a minute after the last: a refusal of one test must not quiet the toasts of the next.
let clockAt = Date.now();
beforeEach(() => {
  clockAt += 60_000;
  jest.spyOn(Date, 'now').mockReturnValue(clockAt);
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
  // The change page's own failures (a later submit) toast again.
  jest.spyOn(Date, 'now').mockReturnValue(clockAt + REFUSAL_TOAST_WINDOW_MS);
  showErrorToast();
  await flush();
  off();
  expect(toastError).toHaveBeenCalledWith(DEFAULT_ERROR_MESSAGE, undefined);
});

test('a refusal answered after the browser reached the change page shows no toast either (a call of the page left behind)', async () => {
  const off = onPasswordChangeRequired(() => {});
  window.history.pushState(null, '', '/Schimbare-parola');
  answer(403, { Message: 'Trebuie să vă schimbați parola.', Code: 'PASSWORD_CHANGE_REQUIRED' });
  // The caller toasts in a later task, as a component's error handler may.
  await apiRequest('/api/Group/getInvitations').catch(() => new Promise<void>((r) => setTimeout(() => r(showErrorToast()), 50)));
  await flush();
  off();
  expect(toastError).not.toHaveBeenCalled();
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
