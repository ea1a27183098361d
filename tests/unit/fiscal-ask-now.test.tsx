/** @jest-environment jsdom */
// The one "ask now" button of the company page's fiscal and court blocks: each kind calls its own
// endpoint, names itself, and tells a failed answer from a good one; a visitor is asked to sign in.
import * as React from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FiscalAskNow } from '@/components/company-details/fiscal-ask-now';

const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh }), usePathname: () => '/' }));
const apiCall = jest.fn();
jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), apiCall: (...a: unknown[]) => apiCall(...a) }));
const toasts = { error: jest.fn(), success: jest.fn() };
jest.mock('@/components/layout/toaster', () => ({ showErrorToast: (m: string) => toasts.error(m), showSuccessToast: (m: string) => toasts.success(m) }));
let signedIn = true;
jest.mock('@/components/company-details/group-button', () => ({ useSignedIn: () => signedIn }));
const openLogin = jest.fn();
jest.mock('@/components/company-details/actions', () => ({ openLogin: () => openLogin() }));

beforeEach(() => {
  jest.clearAllMocks();
  signedIn = true;
});

test('fiscal check: asks ANAF through checkNow; an error with its time is a failure', async () => {
  apiCall.mockResolvedValueOnce({ Message: 'ANAF nu răspunde', Check: { Error: 'timeout', ErrorAt: '2026-11-29T10:00:00Z' } });
  render(<FiscalAskNow kind="fiscal-check" cui={14} />);
  fireEvent.click(screen.getByRole('button', { name: 'Verifică acum' }));
  await waitFor(() => expect(refresh).toHaveBeenCalled());
  expect(apiCall).toHaveBeenCalledWith('POST /api/Fiscal/checkNow', { body: { Cui: 14 } });
  expect(toasts.error).toHaveBeenCalledWith('ANAF nu răspunde');
  expect(toasts.success).not.toHaveBeenCalled();
  expect(screen.getByTestId('fiscal-check-now')).toBeInTheDocument();
});

test('court lookup: asks the portal through lookUpCourtCases, labelled by whether it was looked up', async () => {
  apiCall.mockResolvedValueOnce({ Message: '2 dosare găsite', Courts: { Error: null } });
  const { rerender } = render(<FiscalAskNow kind="court-lookup" cui={15} />);
  expect(screen.getByRole('button', { name: 'Caută dosare' })).toBeInTheDocument();
  rerender(<FiscalAskNow kind="court-lookup" cui={15} checked />);
  fireEvent.click(screen.getByRole('button', { name: 'Caută din nou dosarele' }));
  await waitFor(() => expect(refresh).toHaveBeenCalled());
  expect(apiCall).toHaveBeenCalledWith('POST /api/Fiscal/lookUpCourtCases', { body: { Cui: 15 } });
  expect(toasts.success).toHaveBeenCalledWith('2 dosare găsite');
  expect(screen.getByTestId('court-lookup-now')).toBeInTheDocument();
});

test('a visitor is asked to sign in, and nothing is asked', () => {
  signedIn = false;
  render(<FiscalAskNow kind="court-lookup" cui={15} />);
  fireEvent.click(screen.getByRole('button', { name: 'Caută dosare' }));
  expect(openLogin).toHaveBeenCalled();
  expect(apiCall).not.toHaveBeenCalled();
});
