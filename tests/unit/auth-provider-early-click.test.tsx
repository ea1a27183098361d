/** @jest-environment jsdom */
// A "sign in first" button (Urmărește, Adaugă în grup) clicked before the session is known, by a
// user who holds tokens, must not open the login modal over the signed-in page; a visitor without
// tokens gets the modal at once, and a signed-in user whose session is known gets it when asked.
import { act, render, screen } from '@testing-library/react';
import { requestOpenAuth } from '@/components/layout/auth-events';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }),
  usePathname: () => '/firma/exemplu-srl-123',
}));
jest.mock('next/dynamic', () => () =>
  function AuthModalStub(props: { open: boolean; tab: string }) {
    return props.open ? <div role="dialog" aria-label={`auth ${props.tab}`} /> : null;
  },
);

let resolveDetails: (d: unknown) => void = () => {};
jest.mock('@/lib/api/auth', () => {
  const actual = jest.requireActual('@/lib/api/auth');
  return { authApi: { ...actual.authApi, userDetails: () => new Promise((r) => (resolveDetails = r)) } };
});

// After the mocks: the provider imports them.
import { AuthProvider } from '@/components/auth/auth-provider';
import { clearTokens, setTokens } from '@/lib/api/client';

const details = { UserId: 7, UserName: 'ana', UserRoles: ['User'], UserRole: 'User', MustChangePassword: false, EmailVerified: true };

afterEach(() => clearTokens());

test('with tokens and the session not yet known, a request to open the login modal is ignored', async () => {
  setTokens({ AccessToken: 'A', RefreshToken: 'R' });
  render(<AuthProvider>page</AuthProvider>);
  act(() => requestOpenAuth('login'));
  expect(screen.queryByRole('dialog')).toBeNull();

  // The session is known: an explicit request opens it again (e.g. the header's button).
  await act(async () => resolveDetails(details));
  act(() => requestOpenAuth('login'));
  expect(screen.getByRole('dialog', { name: 'auth login' })).toBeInTheDocument();
});

test('a visitor without tokens gets the modal at once', async () => {
  render(<AuthProvider>page</AuthProvider>);
  await act(async () => {});
  act(() => requestOpenAuth('register'));
  expect(screen.getByRole('dialog', { name: 'auth register' })).toBeInTheDocument();
});
