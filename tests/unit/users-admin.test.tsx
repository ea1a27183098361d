/** @jest-environment jsdom */
// The users list with Testing Library: a delete that empties the last page steps back to the last
// page with rows (never "Nu există elemente!" over a non-zero count), and the access switch's
// confirmations and toasts (blocked / unblocked).
import * as React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userRow } from './users-fixtures';
import { USER_CONFIRMS } from '@/lib/users/texts';
import { UsersAdmin } from '@/components/users/users-admin';
import { usersApi } from '@/components/users/users-api';
import { showSuccessToast } from '@/components/layout/toaster';

jest.mock('@/components/users/users-api', () => ({
  usersApi: { getRoles: jest.fn(), getUsers: jest.fn(), deleteUser: jest.fn(), updateUserAccess: jest.fn() },
}));
jest.mock('@/components/layout/toaster', () => ({ showSuccessToast: jest.fn(), showErrorToast: jest.fn() }));

const api = usersApi as jest.Mocked<typeof usersApi>;

const person = userRow;

beforeEach(() => {
  jest.clearAllMocks();
  api.getRoles.mockResolvedValue([
    { Id: 1, Name: 'Admin' },
    { Id: 2, Name: 'User' },
  ]);
  api.deleteUser.mockResolvedValue(undefined);
});

const table = () => screen.getByTestId('users-table');

describe('users list', () => {
  it('after deleting the only row of the last page it shows the previous page, not the empty text', async () => {
    // 11 users: page 2 holds user 11 alone; after its delete there are 10 users on 1 page.
    let deleted = false;
    api.getUsers.mockImplementation(async (q) => {
      const all = Array.from({ length: deleted ? 10 : 11 }, (_, i) => person(i + 1));
      const items = all.slice((q.PageNumber - 1) * 10, q.PageNumber * 10);
      return { Items: items, Count: all.length, NumberOfPages: Math.ceil(all.length / 10) };
    });
    api.deleteUser.mockImplementation(async () => {
      deleted = true;
    });
    render(<UsersAdmin currentUserId={1} />);
    await screen.findByText('Rezultate: 11');
    fireEvent.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));

    fireEvent.click(within(table()).getByRole('button', { name: 'Șterge utilizatorul Utilizator 11' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(USER_CONFIRMS.delete);
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Da' })));
    expect(showSuccessToast).toHaveBeenCalledWith('Utilizatorul a fost șters cu succes!');

    await screen.findByText('Rezultate: 10');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(11));
    expect(api.getUsers.mock.calls.at(-1)![0]).toMatchObject({ PageNumber: 1 });
    expect(screen.queryByText('Nu există elemente!')).toBeNull();
    // One page left: no pagination.
    expect(screen.queryByRole('button', { name: 'Pagina 2' })).toBeNull();
  });

  it('a list with no user at all still shows "Nu există elemente!"', async () => {
    api.getUsers.mockResolvedValue({ Items: [], Count: 0, NumberOfPages: 0 });
    render(<UsersAdmin currentUserId={1} />);
    expect(await screen.findByText('Nu există elemente!')).toBeInTheDocument();
  });

  it('the access switch: blocking and unblocking ask first and toast "…blocat…" / "Utilizatorul a fost deblocat cu succes!"', async () => {
    api.getUsers.mockResolvedValue({ Items: [person(1, { Role: 'Admin', RoleId: 1 }), person(2, { IsBlocked: true }), person(3)], Count: 3, NumberOfPages: 1 });
    api.updateUserAccess.mockImplementation(async (b) => ({ ...person(b.UserId, { IsBlocked: b.IsBlocked }), UserName: '' }));
    render(<UsersAdmin currentUserId={1} />);
    await screen.findByText('Rezultate: 3');
    // The Admin's own row cannot be blocked.
    expect(within(table()).getByRole('switch', { name: 'Acces restricționat: Utilizator 1' })).toBeDisabled();

    fireEvent.click(within(table()).getByRole('switch', { name: 'Acces restricționat: Utilizator 2' }));
    let confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(USER_CONFIRMS.unblock);
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Da' })));
    expect(api.updateUserAccess).toHaveBeenLastCalledWith({ IsBlocked: false, UserId: 2 });
    expect(showSuccessToast).toHaveBeenLastCalledWith('Utilizatorul a fost deblocat cu succes!');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    fireEvent.click(within(table()).getByRole('switch', { name: 'Acces restricționat: Utilizator 3' }));
    confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(USER_CONFIRMS.block);
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Da' })));
    expect(api.updateUserAccess).toHaveBeenLastCalledWith({ IsBlocked: true, UserId: 3 });
    expect(showSuccessToast).toHaveBeenLastCalledWith('Utilizatorul a fost blocat cu succes!');
  });

  it('Enter in the search box searches the typed text only; the Caută button also applies the chosen filters', async () => {
    api.getUsers.mockResolvedValue({ Items: [person(1)], Count: 1, NumberOfPages: 1 });
    render(<UsersAdmin currentUserId={1} />);
    await screen.findByText('Rezultate: 1');
    // A filter chosen in the panel, not applied yet.
    const groups = screen.getByRole('combobox', { name: 'Grupuri' });
    fireEvent.keyDown(groups, { key: 'Enter' });
    const listbox = await screen.findByRole('listbox');
    fireEvent.click(within(listbox).getAllByRole('option')[1]);
    await waitFor(() => expect(groups).not.toHaveTextContent('Toate'));
    const calls = api.getUsers.mock.calls.length;

    const box = screen.getByRole('searchbox', { name: 'Caută un utilizator' });
    fireEvent.change(box, { target: { value: 'ana' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(api.getUsers.mock.calls.length).toBeGreaterThan(calls));
    expect(api.getUsers.mock.calls.at(-1)![0]).toMatchObject({ SearchText: 'ana', HasGroups: null, PageNumber: 1 });

    fireEvent.click(within(screen.getByTestId('users-filters-panel')).getByRole('button', { name: 'Caută' }));
    await waitFor(() => expect(api.getUsers.mock.calls.at(-1)![0]).toMatchObject({ SearchText: 'ana', HasGroups: expect.any(Boolean) }));
  });
});
