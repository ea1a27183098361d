/** @jest-environment jsdom */
// The screens of shared groups people can manage (docs/decisions/041, 042), with the API stubbed:
// the Grupuri list's row actions by role, the invited user's notice, the pending invitations of a
// group (resend, revoke) and the "Recent șterse" dialog (restore; a failed load stops loading).
import * as React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import '@testing-library/jest-dom';

const api = {
  getGroups: jest.fn(),
  getMyInvitations: jest.fn(),
  acceptInvite: jest.fn(),
  rejectInvite: jest.fn(),
  getGroupInvitations: jest.fn(),
  resendInvite: jest.fn(),
  revokeInvite: jest.fn(),
  leaveGroup: jest.fn(),
  getDeletedGroups: jest.fn(),
  restoreGroup: jest.fn(),
  remove: jest.fn(),
};
jest.mock('@/lib/groups/client', () => {
  const actual = jest.requireActual('@/lib/groups/client');
  // A getter: the components import the client before this file's constants exist.
  return {
    ...actual,
    get groupsApi() {
      return api;
    },
  };
});
jest.mock('@/components/groups/email-slots', () => ({ openSendToGroups: jest.fn(), SendToGroupsHost: () => null }));
jest.mock('@/components/groups/invite-dialog', () => ({ InviteDialog: () => null }));
jest.mock('@/components/groups/group-form-dialog', () => ({ GroupFormDialog: () => null }));
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn() }) }));
const successes: string[] = [];
const errors: Array<string | undefined> = [];
jest.mock('@/components/layout/toaster', () => ({
  showSuccessToast: (m: string) => successes.push(m),
  showErrorToast: (m?: string) => errors.push(m),
}));

import { ApiError } from '@/lib/api/client';
import { GroupsList } from '@/components/groups/groups-list';
import { MyInvitations } from '@/components/groups/my-invitations';
import { PendingInvitationsDialog } from '@/components/groups/pending-invitations-dialog';
import { DeletedItemsDialog } from '@/components/shared/deleted-items-dialog';

const page = <T,>(Items: T[]) => ({ Items, Count: Items.length, NumberOfPages: Items.length ? 1 : 0 });
const group = (Id: number, Name: string, Role: 'Autor' | 'Membru', AccessToEdit: boolean) => ({ Id, Name, CompaniesNumber: 1, CreatedBy: 'ana', Role, AccessToEdit, Members: 2 });

beforeEach(() => {
  Object.values(api).forEach((f) => f.mockReset());
  successes.length = 0;
  errors.length = 0;
  api.getMyInvitations.mockResolvedValue(page([]));
});

describe('Grupuri: row actions by role', () => {
  it('the owner deletes; an editor or a viewer leaves instead (no delete icon)', async () => {
    api.getGroups.mockResolvedValue(page([group(1, 'Al meu', 'Autor', true), group(2, 'Editez', 'Membru', true), group(3, 'Citesc', 'Membru', false)]));
    render(<GroupsList />);
    await screen.findByText('Al meu');
    expect(screen.getByRole('button', { name: 'Șterge Al meu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Părăsește grupul Al meu' })).toBeNull();
    for (const name of ['Editez', 'Citesc']) {
      expect(screen.queryByRole('button', { name: `Șterge ${name}` })).toBeNull();
      expect(screen.getByRole('button', { name: `Părăsește grupul ${name}` })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Modifică Editez' })).toBeInTheDocument();
  });

  it('leaving asks first, then calls leaveGroup and reloads', async () => {
    api.getGroups.mockResolvedValue(page([group(2, 'Editez', 'Membru', true)]));
    api.leaveGroup.mockResolvedValue({ Message: 'Ați părăsit grupul.' });
    render(<GroupsList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Părăsește grupul Editez' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Sigur doriți să părăsiți grupul „Editez”?');
    expect(api.leaveGroup).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Părăsește' }));
    await waitFor(() => expect(api.leaveGroup).toHaveBeenCalledWith(2));
    expect(successes).toEqual(['Ați părăsit grupul.']);
    await waitFor(() => expect(api.getGroups).toHaveBeenCalledTimes(2));
  });
});

describe("the invited user's notice", () => {
  const inv = { Id: 'a1', GroupId: 7, GroupName: 'Clienți Cluj', Access: 'Edit' as const, InvitedBy: 'maria', SentOn: '2026-11-20T10:00:00Z', ExpiresOn: '2026-11-27T10:00:00Z' };

  it('shows nothing without invitations', async () => {
    const { container } = render(<MyInvitations onAccepted={() => {}} />);
    await waitFor(() => expect(api.getMyInvitations).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });

  it('lists each invitation; Acceptă joins and tells the page, Respinge answers no', async () => {
    api.getMyInvitations.mockResolvedValueOnce(page([inv, { ...inv, Id: 'b2', GroupId: 8, GroupName: 'Furnizori', Access: 'View' as const }]));
    api.acceptInvite.mockResolvedValue({ GroupId: 7, GroupName: 'Clienți Cluj' });
    const onAccepted = jest.fn();
    render(<MyInvitations onAccepted={onAccepted} />);
    expect(await screen.findByRole('heading', { name: 'Aveți 2 invitații în grupuri' })).toBeInTheDocument();
    expect(screen.getByText('Invitat de maria · Editare · valabilă până la 27.11.2026')).toBeInTheDocument();
    api.getMyInvitations.mockResolvedValueOnce(page([{ ...inv, Id: 'b2', GroupId: 8, GroupName: 'Furnizori', Access: 'View' as const }]));
    fireEvent.click(screen.getByRole('button', { name: 'Acceptă invitația în grupul Clienți Cluj' }));
    await waitFor(() => expect(api.acceptInvite).toHaveBeenCalledWith('a1'));
    expect(onAccepted).toHaveBeenCalled();
    expect(await screen.findByRole('link', { name: 'Clienți Cluj' })).toHaveAttribute('href', '/Grupuri-email/7/clienti-cluj');
    api.rejectInvite.mockResolvedValue(undefined);
    api.getMyInvitations.mockResolvedValueOnce(page([]));
    fireEvent.click(await screen.findByRole('button', { name: 'Respinge invitația în grupul Furnizori' }));
    await waitFor(() => expect(api.rejectInvite).toHaveBeenCalledWith('b2'));
    expect(successes).toEqual(['Invitația a fost acceptată cu succes!', 'Invitația a fost respinsă.']);
  });
});

describe('pending invitations of a group', () => {
  const pending = { Id: 'p1', Email: 'ion@exemplu.ro', Access: 'View' as const, InvitedBy: 'ana', SentOn: '2026-11-10T10:00:00Z', ExpiresOn: '2026-11-17T10:00:00Z', IsExpired: true };

  it('resends and revokes (after a confirmation), reloading the list', async () => {
    api.getGroupInvitations.mockResolvedValue(page([pending]));
    api.resendInvite.mockResolvedValue({ Message: 'ok' });
    api.revokeInvite.mockResolvedValue({ Message: 'ok' });
    render(<PendingInvitationsDialog group={{ Id: 5, Name: 'Clienți' }} onOpenChange={() => {}} />);
    const row = await screen.findByTestId('pending-invitation');
    expect(row).toHaveTextContent('ion@exemplu.ro');
    expect(row).toHaveTextContent('Expirată');
    expect(api.getGroupInvitations).toHaveBeenCalledWith(5, 1);
    fireEvent.click(within(row).getByRole('button', { name: 'Retrimite invitația către ion@exemplu.ro' }));
    await waitFor(() => expect(api.resendInvite).toHaveBeenCalledWith('p1'));
    await waitFor(() => expect(api.getGroupInvitations).toHaveBeenCalledTimes(2));
    fireEvent.click(await screen.findByRole('button', { name: 'Revocă invitația către ion@exemplu.ro' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Da' }));
    await waitFor(() => expect(api.revokeInvite).toHaveBeenCalledWith('p1'));
    expect(successes).toEqual(['Invitația a fost retrimisă cu succes!', 'Invitația a fost revocată.']);
  });

  it('a failed load shows the error and stops loading', async () => {
    api.getGroupInvitations.mockRejectedValue(new ApiError(403, { Message: 'Nu aveți drept de editare în acest grup.' }));
    render(<PendingInvitationsDialog group={{ Id: 5, Name: 'Clienți' }} onOpenChange={() => {}} />);
    expect(await screen.findByText('Nu există invitații în așteptare.')).toBeInTheDocument();
    expect(errors).toEqual(['Nu aveți drept de editare în acest grup.']);
  });
});

describe('Recent șterse', () => {
  const item = { Id: 9, Name: 'Grup vechi', DeletedOn: '2026-11-20T10:00:00Z', RestorableUntil: '2026-12-20T10:00:00Z' };
  const props = (over: Partial<React.ComponentProps<typeof DeletedItemsDialog>> = {}) => ({
    open: true,
    onOpenChange: () => {},
    what: 'grupurile',
    nameHeader: 'Nume grup',
    load: api.getDeletedGroups,
    restore: api.restoreGroup,
    restoredToast: 'Grupul a fost restaurat cu succes!',
    errorMessage: () => undefined,
    onRestored: jest.fn(),
    ...over,
  });

  it('lists what can be restored and until when; Restaurează restores and tells the page', async () => {
    api.getDeletedGroups.mockResolvedValueOnce(page([item])).mockResolvedValueOnce(page([]));
    api.restoreGroup.mockResolvedValue({ Id: 9, Name: 'Grup vechi' });
    const p = props();
    render(<DeletedItemsDialog {...p} />);
    const row = await screen.findByTestId('deleted-item');
    expect(row).toHaveTextContent('Grup vechi');
    expect(row).toHaveTextContent('20.12.2026');
    expect(screen.getByText(/ultimele 30 de zile/)).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Restaurează Grup vechi' }));
    await waitFor(() => expect(api.restoreGroup).toHaveBeenCalledWith(9));
    expect(successes).toEqual(['Grupul a fost restaurat cu succes!']);
    expect(p.onRestored).toHaveBeenCalled();
    expect(await screen.findByText('Nu există elemente!')).toBeInTheDocument();
  });

  it('a failed load shows the error toast and an empty list, not endless placeholders', async () => {
    api.getDeletedGroups.mockRejectedValue(new Error('network'));
    await act(async () => {
      render(<DeletedItemsDialog {...props({ errorMessage: () => 'eroare' })} />);
    });
    expect(await screen.findByText('Nu există elemente!')).toBeInTheDocument();
    expect(errors).toEqual(['eroare']);
  });
});
