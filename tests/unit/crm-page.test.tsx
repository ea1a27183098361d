/** @jest-environment jsdom */
// The CRM page and the CRM options of a send (issue 50, decision 109) with Testing Library, the
// API calls stubbed: the connect form parses the server's schema (a short token is refused before
// any request), sends the token once and empties its field (never shown back); the connections list
// names how each was made; OAuth is offered only for the CRMs the instance configured; the send
// dialog offers "Fără firmele … deja în CRM" only with a CRM connected, ticked by default.
// (PKCE itself: tests/unit/crm-oauth-pkce.test.ts.)
import * as React from 'react';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

type Conn = { Provider: 'hubspot' | 'pipedrive'; AuthKind: 'token' | 'oauth'; GroupIds: number[]; CreatedAt: string; LastSyncAt: string | null; Companies: number };
let mockConnections: Conn[] = [];
const mockConnect = jest.fn(async (_b: unknown) => ({}));
const mockStart = jest.fn(async (_p: string) => ({ Url: 'https://crm.exemplu/oauth/authorize?state=x' }));
jest.mock('@/lib/crm/client', () => ({
  crmApi: {
    connections: async () => mockConnections,
    connect: (b: unknown) => mockConnect(b),
    disconnect: async () => undefined,
    pushGroup: async () => ({ Created: 1, Updated: 0 }),
    pull: async () => ({ Pulled: 0 }),
    syncLog: async () => [],
    oauthProviders: async () => ({ Providers: ['pipedrive'] }),
    startOAuth: (p: string) => mockStart(p),
  },
}));
jest.mock('@/lib/groups/client', () => {
  const actual = jest.requireActual('@/lib/groups/client');
  return { ...actual, groupsApi: { ...actual.groupsApi, getGroups: async () => ({ Items: [{ Id: 5, Name: 'Clienți noi' }], Count: 1, NumberOfPages: 1 }) } };
});
jest.mock('@/components/layout/toaster', () => ({ showErrorToast: jest.fn(), showSuccessToast: jest.fn() }));

import { CrmSettings } from '@/components/crm/crm-settings';
import { SendDialog } from '@/components/sending/send-dialog';

beforeEach(() => {
  mockConnections = [];
  mockConnect.mockClear();
});

test('a short token is refused by the shared schema before any request', async () => {
  render(<CrmSettings />);
  fireEvent.change(screen.getByLabelText('Token privat'), { target: { value: 'scurt' } });
  fireEvent.click(screen.getByRole('button', { name: 'Conectează' }));
  expect(await screen.findByText('Tokenul pare incomplet.')).toBeTruthy();
  expect(mockConnect).not.toHaveBeenCalled();
});

test('the token is sent once and its field emptied; the list then names the connection', async () => {
  render(<CrmSettings />);
  const field = screen.getByLabelText('Token privat') as HTMLInputElement;
  expect(field.type).toBe('password');
  fireEvent.change(field, { target: { value: 'pat-eu1-0123456789' } });
  mockConnections = [{ Provider: 'hubspot', AuthKind: 'token', GroupIds: [], CreatedAt: '2026-11-30T10:00:00Z', LastSyncAt: null, Companies: 12 }];
  fireEvent.click(screen.getByRole('button', { name: 'Conectează' }));
  await waitFor(() => expect(mockConnect).toHaveBeenCalledWith({ Provider: 'hubspot', Token: 'pat-eu1-0123456789', GroupIds: [] }));
  await waitFor(() => expect((screen.getByLabelText('Token privat') as HTMLInputElement).value).toBe(''));
  expect((await screen.findAllByText('Token privat', { selector: 'td, td *' })).length).toBeGreaterThan(0);
  expect(screen.getAllByTestId('crm-companies')[0].textContent).toBe('12');
  expect(document.body.textContent).not.toContain('pat-eu1-0123456789');
});

test('OAuth is offered only for the configured CRM, and asks the server for its consent page', async () => {
  // jsdom does not navigate (window.location cannot be replaced): the request for the address is what is checked.
  jest.spyOn(console, 'error').mockImplementation(() => {});
  render(<CrmSettings />);
  const button = await screen.findByRole('button', { name: 'Conectare cu Pipedrive' });
  expect(screen.queryByRole('button', { name: 'Conectare cu HubSpot' })).toBeNull();
  fireEvent.click(button);
  await waitFor(() => expect(mockStart).toHaveBeenCalledWith('pipedrive'));
});

test('the send dialog: no CRM option without a connection; with one, ticked by default and sent', async () => {
  const onSend = jest.fn(async () => undefined);
  const { unmount } = render(<SendDialog open onOpenChange={() => {}} companies={3} onSend={onSend} />);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Da' })).toBeTruthy());
  expect(screen.queryByTestId('send-exclude-in-crm')).toBeNull();
  unmount();

  mockConnections = [{ Provider: 'pipedrive', AuthKind: 'oauth', GroupIds: [], CreatedAt: '2026-11-30T10:00:00Z', LastSyncAt: null, Companies: 1 }];
  render(<SendDialog open onOpenChange={() => {}} companies={3} onSend={onSend} />);
  const box = (await screen.findByTestId('send-exclude-in-crm')) as HTMLInputElement;
  expect(box.checked).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'Da' }));
  await waitFor(() => expect(onSend).toHaveBeenCalledWith({ ScheduledAt: null, UseWindow: false, ExcludeInCrm: true }));
});
