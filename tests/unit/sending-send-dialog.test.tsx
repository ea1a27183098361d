/** @jest-environment jsdom */
// The send-template-to-groups dialog with Testing Library (the API calls are stubbed): "Trimite" on
// the template list opens it with that template chosen; opened from the Grupuri page, its Trimite
// stays disabled until a template is chosen; every template of the user can be reached (search,
// "Mai multe template-uri"), the preview shows, and Trimite makes the draft with the chosen groups.
import * as React from 'react';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

type T = { Id: number; Name: string; Categories: string[] };
const page1: T[] = Array.from({ length: 10 }, (_, i) => ({ Id: i + 1, Name: `Template ${String(i + 1).padStart(2, '0')}`, Categories: [] }));
const page2: T[] = [{ Id: 11, Name: 'Template 11', Categories: ['Toamnă'] }];

const mockList = jest.fn(async (q: { SearchText: string; PageNumber: number }) => {
  const all = [...page1, ...page2].filter((t) => t.Name.toLowerCase().includes((q.SearchText ?? '').toLowerCase()));
  return { Items: all.slice((q.PageNumber - 1) * 10, q.PageNumber * 10), Count: all.length, NumberOfPages: Math.ceil(all.length / 10) };
});
const mockGet = jest.fn(async (id: number) => ({ Id: id, Name: `Template ${id}`, Content: '{"format":"grapesjs-mjml"}' }));
const mockPreview = jest.fn(async () => ({ Html: '<p>Bună ziua</p>', Text: 'Bună ziua', Values: {} }));
jest.mock('@/lib/templates/client', () => {
  const actual = jest.requireActual('@/lib/templates/client');
  return {
    ...actual,
    templatesApi: {
      ...actual.templatesApi,
      list: (q: { SearchText: string; PageNumber: number }) => mockList(q),
      get: (id: number) => mockGet(id),
      preview: () => mockPreview(),
    },
  };
});
const mockGroups = jest.fn(async () => ({
  Items: [
    { Id: 5, Name: 'Clienți noi', CompaniesNumber: 4 },
    { Id: 6, Name: 'Gol', CompaniesNumber: 0 },
  ],
  Count: 2,
  NumberOfPages: 1,
}));
jest.mock('@/lib/groups/client', () => {
  const actual = jest.requireActual('@/lib/groups/client');
  return { ...actual, groupsApi: { ...actual.groupsApi, getGroups: () => mockGroups() } };
});
const mockCreate = jest.fn<Promise<number>, [unknown]>(async () => 77);
jest.mock('@/lib/drafts/client', () => {
  const actual = jest.requireActual('@/lib/drafts/client');
  return { ...actual, draftsApi: { ...actual.draftsApi, create: (b: unknown) => mockCreate(b) } };
});
const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, replace: jest.fn(), refresh: jest.fn() }), usePathname: () => '/Template-uri' }));
jest.mock('@/components/layout/toaster', () => ({ showErrorToast: jest.fn(), showSuccessToast: jest.fn(), toast: { success: jest.fn(), error: jest.fn() } }));

import { TemplatesList } from '@/components/templates/templates-list';
import { SendToGroupsDialog } from '@/components/sending/send-to-groups-dialog';

afterEach(() => {
  jest.useRealTimers();
});

beforeEach(() => {
  mockList.mockClear();
  mockCreate.mockClear();
  push.mockClear();
});

const sendButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Trimite' });

test('Trimite on the template list opens the dialog with that template chosen; Trimite makes the draft for the ticked groups', async () => {
  render(<TemplatesList />);
  fireEvent.click(await screen.findByRole('button', { name: 'Trimite Template 03' }));
  const dialog = await screen.findByRole('dialog', { name: 'Trimite email grupurilor' });
  expect(await within(dialog).findByRole('radio', { name: 'Template 03' })).toBeChecked();
  expect(within(dialog).getByTestId('consent-notice')).toBeInTheDocument();
  expect(sendButton(dialog)).toBeEnabled();

  // Groups without companies cannot be ticked.
  await within(dialog).findByRole('checkbox', { name: /Clienți noi/ });
  expect(within(dialog).queryByRole('checkbox', { name: /Gol/ })).toBeNull();
  expect(within(dialog).getByText('Gol (fără firme)')).toBeInTheDocument();

  // The email preview of the chosen template.
  fireEvent.click(within(dialog).getByRole('button', { name: 'Previzualizare' }));
  expect(await within(dialog).findByTitle('Previzualizare email')).toHaveAttribute('srcdoc', '<p>Bună ziua</p>');
  expect(mockGet).toHaveBeenCalledWith(3);

  fireEvent.click(within(dialog).getByRole('checkbox', { name: /Clienți noi/ }));
  // From here the clock is Jest's (promises stay real), so the redirect's delay is measured exactly.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
  fireEvent.click(sendButton(dialog));
  for (let i = 0; i < 5; i++) await act(async () => await Promise.resolve()); // the draft is created
  expect(mockCreate).toHaveBeenCalledWith({ MailTemplateId: 3, GroupIds: [5], CompanyIds: [] });
  expect(screen.getByTestId('success-dialog')).toHaveTextContent('Draft-ul a fost creat');
  // The draft page opens 1.5 s after the draft is made: not a millisecond sooner.
  act(() => jest.advanceTimersByTime(1499));
  expect(push).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  expect(push).toHaveBeenCalledTimes(1);
  expect(push).toHaveBeenCalledWith('/Template-uri/Draft/77/template-03');
});

test('opened from the Grupuri page, Trimite is disabled until a template is chosen', async () => {
  render(<SendToGroupsDialog groupIds={[5, 6]} open onOpenChange={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Trimite email grupurilor' });
  expect(within(dialog).getByText(/2 grupuri alese\./)).toBeInTheDocument();
  const radio = await within(dialog).findByRole('radio', { name: 'Template 01' });
  expect(sendButton(dialog)).toBeDisabled();
  expect(within(dialog).getByRole('button', { name: 'Previzualizare' })).toBeDisabled();
  // The groups are given: no group picker.
  expect(within(dialog).queryByRole('group', { name: 'Grupuri' })).toBeNull();
  fireEvent.click(radio);
  expect(sendButton(dialog)).toBeEnabled();
  fireEvent.click(sendButton(dialog));
  await waitFor(() => expect(mockCreate).toHaveBeenCalledWith({ MailTemplateId: 1, GroupIds: [5, 6], CompanyIds: [] }));
});

test('every template can be chosen: the next page is appended, and the search finds the rest', async () => {
  render(<SendToGroupsDialog groupIds={[5]} open onOpenChange={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Trimite email grupurilor' });
  await within(dialog).findByRole('radio', { name: 'Template 10' });
  expect(within(dialog).queryByRole('radio', { name: 'Template 11' })).toBeNull();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Mai multe template-uri' }));
  expect(await within(dialog).findByRole('radio', { name: 'Template 11' })).toBeInTheDocument();
  expect(within(dialog).getAllByRole('radio')).toHaveLength(11);
  expect(within(dialog).queryByRole('button', { name: 'Mai multe template-uri' })).toBeNull();

  fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Caută un template' }), { target: { value: '11' } });
  await waitFor(() => expect(within(dialog).getAllByRole('radio')).toHaveLength(1));
  expect(mockList).toHaveBeenLastCalledWith(expect.objectContaining({ SearchText: '11', PageNumber: 1 }));
});

test('a preselected template beyond the first page is listed and chosen', async () => {
  render(<SendToGroupsDialog template={{ Id: 11, Name: 'Template 11' }} open onOpenChange={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Trimite email grupurilor' });
  await within(dialog).findByRole('radio', { name: 'Template 01' });
  expect(within(dialog).getByRole('radio', { name: 'Template 11' })).toBeChecked();
  // No group ticked: the draft starts empty (its companies are added on the draft page).
  fireEvent.click(sendButton(dialog));
  await waitFor(() => expect(mockCreate).toHaveBeenCalledWith({ MailTemplateId: 11, GroupIds: [], CompanyIds: [] }));
});
