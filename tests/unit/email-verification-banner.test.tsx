/** @jest-environment jsdom */
// The banner of an unconfirmed address (036): shown only to a signed-in user whose details say
// EmailVerified false; its button asks for a new link and shows the server's answer.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { EmailVerificationBanner, VERIFY_BANNER_TEXT } from '@/components/auth/email-verification-banner';
import type { AuthUser } from '@/components/auth/auth-provider';

let user: AuthUser | null = null;
jest.mock('@/components/auth/auth-provider', () => ({ useAuth: () => ({ user }) }));
const resendVerification = jest.fn();
jest.mock('@/lib/api/client', () => ({ ApiError: class ApiError extends Error {} }));
jest.mock('@/lib/api/auth', () => ({ authApi: { resendVerification: () => resendVerification() } }));
const showSuccessToast = jest.fn();
jest.mock('@/components/layout/toaster', () => ({ showSuccessToast: (m: string) => showSuccessToast(m), showErrorToast: jest.fn() }));

const base = { UserId: 1, UserName: 'Ana', UserRoles: ['User'], UserRole: 'User', MustChangePassword: false };

test('hidden for a visitor and for a confirmed address', () => {
  user = null;
  const { rerender } = render(<EmailVerificationBanner />);
  expect(screen.queryByRole('region')).toBeNull();
  user = { ...base, EmailVerified: true };
  rerender(<EmailVerificationBanner />);
  expect(screen.queryByRole('region')).toBeNull();
});

test('shown for an unconfirmed address; Retrimite asks for a new link and shows the answer', async () => {
  user = { ...base, EmailVerified: false };
  resendVerification.mockResolvedValue({ Message: 'V-am trimis un nou link de confirmare. Verificați-vă căsuța de e-mail.' });
  render(<EmailVerificationBanner />);
  const region = screen.getByRole('region', { name: 'Confirmarea adresei de e-mail' });
  expect(region).toHaveTextContent(VERIFY_BANNER_TEXT);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Retrimite e-mailul de confirmare' }));
  });
  expect(resendVerification).toHaveBeenCalledTimes(1);
  expect(showSuccessToast).toHaveBeenCalledWith('V-am trimis un nou link de confirmare. Verificați-vă căsuța de e-mail.');
});
