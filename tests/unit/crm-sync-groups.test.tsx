/** @jest-environment jsdom */
// The groups of the CRM sync (issue 50, decision 117) with Testing Library, the API calls stubbed:
// the CRM page's form of the scheduled sync's groups starts from the saved choice, sends the
// ticked groups through the server's own schema and keeps a chosen group the list no longer
// holds; the log names the groups and marks the scheduled runs; the send-to-groups dialog offers
// "Trimite în …" only with a CRM connected, and sends the ticked groups; the search's add-to-group
// dialog sends the ticked companies (or, for a whole search, the group) into the CRM only when
// asked, after adding them.
import * as React from 'react';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

type Conn = { Provider: 'hubspot' | 'pipedrive'; AuthKind: 'token' | 'oauth'; GroupIds: number[]; CreatedAt: string; LastSyncAt: string | null; Companies: number };
const hubspotBase: Conn = { Provider: 'hubspot', AuthKind: 'token', GroupIds: [6], CreatedAt: '2026-12-01T10:00:00Z', LastSyncAt: null, Companies: 3 };
let mockConnections: Conn[] = [];
let mockLog: unknown[] = [];
const mockSetSyncGroups = jest.fn(async (b: { Provider: string; GroupIds: number[] }) => ({ ...hubspotBase, Provider: b.Provider, GroupIds: b.GroupIds }));
const mockPushGroups = jest.fn(async (_p: string, _ids: number[]) => ({ Created: 2, Updated: 1 }));
const mockPushCompanies = jest.fn(async (_p: string, _cuis: number[]) => ({ Created: 1, Updated: 1 }));
jest.mock('@/lib/crm/client', () => ({
  crmApi: {
    connections: async () => mockConnections,
    connect: async () => ({}),
    disconnect: async () => undefined,
    pushGroup: async () => ({ Created: 1, Updated: 0 }),
    pushGroups: (p: string, ids: number[]) => mockPushGroups(p, ids),
    pushCompanies: (p: string, cuis: number[]) => mockPushCompanies(p, cuis),
    setSyncGroups: (b: { Provider: string; GroupIds: number[] }) => mockSetSyncGroups(b),
    pull: async () => ({ Pulled: 0 }),
    syncLog: async () => mockLog,
    oauthProviders: async () => ({ Providers: [] }),
    startOAuth: async () => ({ Url: '' }),
  },
}));
jest.mock('@/lib/groups/client', () => {
  const actual = jest.requireActual('@/lib/groups/client');
  return {
    ...actual,
    groupsApi: {
      ...actual.groupsApi,
      getGroupsForEdit: async () => [{ Id: 6, Name: 'Parteneri', CompaniesNumber: 2 }],
      getGroups: async () => ({
        Items: [
          { Id: 5, Name: 'Clienți noi', CompaniesNumber: 3 },
          { Id: 6, Name: 'Parteneri', CompaniesNumber: 2 },
        ],
        Count: 2,
        NumberOfPages: 1,
      }),
    },
  };
});
jest.mock('@/lib/templates/client', () => {
  const actual = jest.requireActual('@/lib/templates/client');
  return { ...actual, templatesApi: { ...actual.templatesApi, list: async () => ({ Items: [], Count: 0, NumberOfPages: 0 }) } };
});
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }), usePathname: () => '/Grupuri-email' }));
const mockSuccess = jest.fn();
jest.mock('@/components/layout/toaster', () => ({ showErrorToast: jest.fn(), showSuccessToast: (m: string) => mockSuccess(m), toast: { success: jest.fn(), error: jest.fn() } }));

import { CrmSettings } from '@/components/crm/crm-settings';
import { SyncGroupsForm } from '@/components/crm/sync-groups-form';
import { SendToGroupsDialog } from '@/components/sending/send-to-groups-dialog';
import { AddToGroupDialog } from '@/components/prospecting/add-to-group-dialog';

const hubspot = hubspotBase;

beforeEach(() => {
  mockConnections = [];
  mockLog = [];
  mockSetSyncGroups.mockClear();
  mockPushGroups.mockClear();
  mockPushCompanies.mockClear();
  mockSuccess.mockClear();
});

test('the scheduled sync form starts from the saved groups and sends the ticked ones', async () => {
  mockConnections = [hubspot];
  render(<CrmSettings />);
  const form = await screen.findByRole('form', { name: 'Sincronizarea programată cu HubSpot' });
  const clients = await within(form).findByRole('checkbox', { name: 'Clienți noi' });
  expect(within(form).getByRole('checkbox', { name: 'Parteneri' })).toBeChecked();
  expect(clients).not.toBeChecked();
  const save = within(form).getByRole('button', { name: 'Salvează grupurile' });
  // Nothing changed yet: nothing to save.
  expect(save).toBeDisabled();
  fireEvent.click(clients);
  fireEvent.click(within(form).getByRole('checkbox', { name: 'Parteneri' }));
  fireEvent.click(save);
  await waitFor(() => expect(mockSetSyncGroups).toHaveBeenCalledWith({ Provider: 'hubspot', GroupIds: [5] }));
  await waitFor(() => expect(mockSuccess).toHaveBeenCalledWith('HubSpot: grupurile sincronizării programate au fost salvate.'));
});

test('a chosen group the list no longer holds stays chosen, and unticking everything leaves only the reading', async () => {
  render(<SyncGroupsForm connection={{ ...hubspot, GroupIds: [6, 99] }} groups={[{ Id: 6, Name: 'Parteneri' }]} onSaved={() => {}} />);
  const gone = screen.getByRole('checkbox', { name: /Grupul 99/ });
  expect(gone).toBeChecked();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Parteneri' }));
  fireEvent.click(screen.getByRole('button', { name: 'Salvează grupurile' }));
  await waitFor(() => expect(mockSetSyncGroups).toHaveBeenCalledWith({ Provider: 'hubspot', GroupIds: [99] }));
  // Saved: the form starts again from the saved choice (nothing left to save).
  await waitFor(() => expect(screen.getByRole('button', { name: 'Salvează grupurile' })).toBeDisabled());
  fireEvent.click(screen.getByRole('checkbox', { name: /Grupul 99/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Salvează grupurile' }));
  await waitFor(() => expect(mockSetSyncGroups).toHaveBeenLastCalledWith({ Provider: 'hubspot', GroupIds: [] }));
});

test('the sync log names the groups a push sent and marks the scheduled runs', async () => {
  mockConnections = [hubspot];
  mockLog = [
    { Id: 2, Provider: 'hubspot', Kind: 'push', Status: 'Done', Scheduled: true, Groups: [{ Id: 6, Name: 'Parteneri' }], Created: 1, Updated: 2, Pulled: 0, Error: null, StartedAt: '2026-12-01T11:00:00Z', FinishedAt: '2026-12-01T11:00:01Z' },
    { Id: 1, Provider: 'hubspot', Kind: 'pull', Status: 'Done', Scheduled: false, Groups: [], Created: 0, Updated: 0, Pulled: 4, Error: null, StartedAt: '2026-12-01T10:00:00Z', FinishedAt: '2026-12-01T10:00:01Z' },
  ];
  render(<CrmSettings />);
  const rows = await screen.findAllByTestId('crm-log-row');
  expect(rows).toHaveLength(2);
  expect(rows[0].textContent).toContain('Trimitere (programată)');
  expect(within(rows[0]).getByTestId('crm-log-groups').textContent).toBe('Parteneri');
  expect(rows[1].textContent).toContain('Citire');
  expect(rows[1].textContent).not.toContain('programată');
});

test('the send-to-groups dialog offers the CRM only with one connected, and sends the ticked groups', async () => {
  const { unmount } = render(<SendToGroupsDialog open onOpenChange={() => {}} />);
  const first = await screen.findByRole('dialog', { name: 'Trimite email grupurilor' });
  await within(first).findByRole('checkbox', { name: /Clienți noi/ });
  expect(within(first).queryByTestId('push-groups-to-crm')).toBeNull();
  unmount();

  mockConnections = [hubspot, { ...hubspot, Provider: 'pipedrive', GroupIds: [] }];
  render(<SendToGroupsDialog open onOpenChange={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Trimite email grupurilor' });
  const toHubspot = await within(dialog).findByRole('button', { name: 'Trimite în HubSpot' });
  expect(within(dialog).getByRole('button', { name: 'Trimite în Pipedrive' })).toBeTruthy();
  // No group ticked: nothing to send.
  expect(toHubspot).toBeDisabled();
  fireEvent.click(await within(dialog).findByRole('checkbox', { name: /Parteneri/ }));
  fireEvent.click(within(dialog).getByRole('checkbox', { name: /Clienți noi/ }));
  expect(toHubspot).toBeEnabled();
  fireEvent.click(toHubspot);
  await waitFor(() => expect(mockPushGroups).toHaveBeenCalledWith('hubspot', [6, 5]));
  await waitFor(() => expect(mockSuccess).toHaveBeenCalledWith('HubSpot: 2 firme create, 1 actualizate.'));
});

test('opened for the groups ticked on the Grupuri page, it sends those groups', async () => {
  mockConnections = [hubspot];
  render(<SendToGroupsDialog open onOpenChange={() => {}} groupIds={[6]} />);
  const dialog = await screen.findByRole('dialog', { name: 'Trimite email grupurilor' });
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Trimite în HubSpot' }));
  await waitFor(() => expect(mockPushGroups).toHaveBeenCalledWith('hubspot', [6]));
});

async function addViaDialog(props: { crmCuis?: number[] }, tickCrm: boolean) {
  const add = jest.fn(async (_groupId: number) => ({ Added: 2, AlreadyInGroup: 0, Total: 2, Capped: false }));
  render(<AddToGroupDialog open onOpenChange={() => {}} title="Adaugă selecția în grup" description="Se vor adăuga 2 companii bifate." add={add} {...props} />);
  const trigger = await screen.findByRole('combobox', { name: 'Grupul' });
  fireEvent.keyDown(trigger, { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: /Parteneri/ }));
  const box = await screen.findByRole('checkbox', { name: 'Trimite firmele și în HubSpot (după CUI, fără duplicate)' });
  expect(box).not.toBeChecked();
  if (tickCrm) fireEvent.click(box);
  fireEvent.click(screen.getByRole('button', { name: 'Adaugă' }));
  await waitFor(() => expect(add).toHaveBeenCalledWith(6));
  return add;
}

test('the add-to-group dialog sends the ticked companies into the CRM after adding them, when asked', async () => {
  mockConnections = [hubspot];
  await addViaDialog({ crmCuis: [11, 12] }, true);
  await waitFor(() => expect(mockPushCompanies).toHaveBeenCalledWith('hubspot', [11, 12]));
  expect(mockPushGroups).not.toHaveBeenCalled();
  await waitFor(() => expect(mockSuccess).toHaveBeenCalledWith('HubSpot: 1 firme create, 1 actualizate.'));
});

test('for a whole search the chosen group is sent; unticked, nothing goes to the CRM', async () => {
  mockConnections = [hubspot];
  await addViaDialog({}, true);
  await waitFor(() => expect(mockPushGroups).toHaveBeenCalledWith('hubspot', [6]));
  cleanup();
  mockPushGroups.mockClear();
  await addViaDialog({ crmCuis: [11] }, false);
  await new Promise((r) => setTimeout(r, 50));
  expect(mockPushCompanies).not.toHaveBeenCalled();
  expect(mockPushGroups).not.toHaveBeenCalled();
});

test('without a CRM the add-to-group dialog offers none', async () => {
  mockConnections = [];
  render(<AddToGroupDialog open onOpenChange={() => {}} title="Adaugă selecția în grup" description="x" add={async () => ({ Added: 0, AlreadyInGroup: 0, Total: 0, Capped: false })} crmCuis={[11]} />);
  await screen.findByRole('combobox', { name: 'Grupul' });
  expect(screen.queryByTestId('crm-push-choice')).toBeNull();
});
