/** @jest-environment jsdom */
// A saved search's new matches on the notifications page (issue 50, decision 117) with Testing
// Library, the API calls stubbed: nothing shows without notices; an unread notice says how many
// companies are new (the Romanian "de" from 20 on) and is marked read on its own, which tells the
// bell; a read one has no button.
import * as React from 'react';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });

type Notice = { Id: number; SavedSearchId: number; Name: string; NewCount: number; Cuis: number[]; CreatedAt: string; ReadAt: string | null };
let mockNotices: Notice[] = [];
const mockMark = jest.fn(async (_ids?: number[]) => ({ Updated: 1 }));
jest.mock('@/lib/prospecting/client', () => ({
  prospectingApi: {
    savedSearchNotices: async () => mockNotices,
    markSavedSearchNoticesRead: (ids?: number[]) => mockMark(ids),
  },
}));
jest.mock('@/components/layout/toaster', () => ({ showErrorToast: jest.fn(), showSuccessToast: jest.fn() }));

import { SavedSearchNotices } from '@/components/prospecting/saved-search-notices';
import { UNREAD_CHANGED_EVENT } from '@/lib/watch/client';

beforeEach(() => {
  mockMark.mockClear();
});

test('nothing is shown without notices', async () => {
  mockNotices = [];
  const { container } = render(<SavedSearchNotices />);
  await waitFor(() => expect(container.innerHTML).toBe(''));
});

test('an unread notice says how many companies are new and is marked read on its own, telling the bell', async () => {
  mockNotices = [
    { Id: 7, SavedSearchId: 3, Name: 'IT Cluj', NewCount: 21, Cuis: [1, 2], CreatedAt: '2026-12-01T08:00:00Z', ReadAt: null },
    { Id: 5, SavedSearchId: 4, Name: 'Transport', NewCount: 1, Cuis: [3], CreatedAt: '2026-11-30T08:00:00Z', ReadAt: '2026-11-30T09:00:00Z' },
  ];
  const told = jest.fn();
  window.addEventListener(UNREAD_CHANGED_EVENT, told);
  render(<SavedSearchNotices />);
  expect(await screen.findByText('Căutarea „IT Cluj” a găsit 21 de firme noi.')).toBeTruthy();
  expect(screen.getByText('Căutarea „Transport” a găsit o firmă nouă.')).toBeTruthy();
  const items = screen.getAllByTestId('saved-search-notice');
  expect(items.map((i) => i.getAttribute('data-read'))).toEqual(['false', 'true']);
  expect(screen.getAllByRole('button', { name: /Marchează citită/ })).toHaveLength(1);
  fireEvent.click(screen.getByRole('button', { name: 'Marchează citită: căutarea IT Cluj' }));
  await waitFor(() => expect(mockMark).toHaveBeenCalledWith([7]));
  await waitFor(() => expect(told).toHaveBeenCalled());
  window.removeEventListener(UNREAD_CHANGED_EVENT, told);
});
