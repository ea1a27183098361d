/** @jest-environment jsdom */
// The sendings list with Testing Library: it shows "Rezultate: N" like the other signed-in lists.
import * as React from 'react';
import { configure, render, screen } from '@testing-library/react';
import { SendingsTable } from '@/components/sending/sendings-table';

configure({ asyncUtilTimeout: 5000 });

const mockHistory = jest.fn();
jest.mock('@/lib/sending/client', () => {
  const actual = jest.requireActual('@/lib/sending/client');
  return { ...actual, sendingApi: { ...actual.sendingApi, history: (...a: unknown[]) => mockHistory(...a) } };
});
jest.mock('@/components/layout/toaster', () => ({
  toast: { success: jest.fn(), warning: jest.fn(), error: jest.fn() },
  showErrorToast: jest.fn(),
}));

test('the count of sendings is shown, with the empty state when there are none', async () => {
  mockHistory.mockResolvedValue({ Items: [], Count: 0, NumberOfPages: 0 });
  render(<SendingsTable />);
  expect(await screen.findByText('Nu există elemente!')).toBeInTheDocument();
  expect(screen.getByTestId('sendings-count')).toHaveTextContent('Rezultate: 0');
});
