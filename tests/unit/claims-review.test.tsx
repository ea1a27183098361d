/** @jest-environment jsdom */
// The Admin's claims list with Testing Library: an empty answer shows the kit's empty state once
// (like the other signed-in lists), not a bare line in the phone list and another in the table.
import * as React from 'react';
import { configure, render, screen } from '@testing-library/react';
import { ClaimsReview } from '@/components/claims/claims-review';

configure({ asyncUtilTimeout: 5000 });

const mockGet = jest.fn();
jest.mock('@/lib/api/client', () => {
  const actual = jest.requireActual('@/lib/api/client');
  // The typed client (apiCall) goes through apiRequest (tests/unit/api-call-mock.ts).
  const apiRequest = (path: string, opts: { method?: string; query?: unknown } = {}) => ((opts.method ?? 'GET') === 'GET' ? mockGet(path, opts.query) : Promise.resolve(undefined));
  return { ...actual, ...jest.requireActual<typeof import('./api-call-mock')>('./api-call-mock').callsOver(apiRequest) };
});
jest.mock('@/components/layout/toaster', () => ({
  toast: { success: jest.fn(), warning: jest.fn(), error: jest.fn() },
  showErrorToast: jest.fn(),
}));

test('no claims: one empty state from the kit', async () => {
  mockGet.mockResolvedValue({ Items: [], Count: 0, NumberOfPages: 0 });
  const { container } = render(<ClaimsReview />);
  expect(await screen.findByText('Nu există elemente!')).toBeInTheDocument();
  expect(screen.getAllByText('Nu există elemente!')).toHaveLength(1);
  expect(container.querySelectorAll('[data-slot="empty-state"]')).toHaveLength(1);
  // The result count reads like the other lists: "Rezultate: 0".
  expect(screen.getByTestId('claims-count')).toHaveTextContent('Rezultate: 0');
});
