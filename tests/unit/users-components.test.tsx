/** @jest-environment jsdom */
// The users screen's client parts with Testing Library: the filters panel (clear icons, Reset only
// when a filter is set, Search applies) and the edit modal (the shared schema's messages, a 409
// shown under its field, the success toast).
import * as React from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@/lib/api/client';
import { EMPTY_USER_FILTERS, type UserFilterDraft } from '@/lib/users/filters';
import { userRow } from './users-fixtures';
import { UserFiltersPanel } from '@/components/users/user-filters';
import { EditUserDialog } from '@/components/users/edit-user-dialog';
import { usersApi } from '@/components/users/users-api';
import { showSuccessToast } from '@/components/layout/toaster';

jest.mock('@/components/users/users-api', () => ({
  usersApi: { getUser: jest.fn(), updateUser: jest.fn() },
}));
jest.mock('@/components/layout/toaster', () => ({ showSuccessToast: jest.fn(), showErrorToast: jest.fn() }));

const api = usersApi as jest.Mocked<typeof usersApi>;

function Panel({ initial = EMPTY_USER_FILTERS, applied = false, onSearch = jest.fn(), onReset = jest.fn() }: { initial?: UserFilterDraft; applied?: boolean; onSearch?: () => void; onReset?: () => void }) {
  const [draft, setDraft] = React.useState(initial);
  return (
    <>
      <UserFiltersPanel draft={draft} onDraftChange={setDraft} roles={[{ Id: 1, Name: 'Admin' }, { Id: 2, Name: 'User' }]} onSearch={onSearch} onReset={onReset} appliedHasFilter={applied} />
      <output data-testid="draft">{JSON.stringify(draft)}</output>
    </>
  );
}

describe('filters panel', () => {
  it('shows Reset and a clear icon only for a set filter; the clear icon sets it back to all', () => {
    const { unmount } = render(<Panel />);
    expect(screen.queryByRole('button', { name: 'Resetează' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Șterge filtrul/ })).toBeNull();
    unmount();
    render(<Panel initial={{ ...EMPTY_USER_FILTERS, HasAccess: 'false', RoleId: '1' }} />);
    expect(screen.getByRole('button', { name: 'Resetează' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Șterge filtrul/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Șterge filtrul Rol', 'Șterge filtrul Acces']);
    fireEvent.click(screen.getByRole('button', { name: 'Șterge filtrul Acces' }));
    expect(JSON.parse(screen.getByTestId('draft').textContent!)).toEqual({ ...EMPTY_USER_FILTERS, RoleId: '1' });
  });

  it('keeps Reset while the applied filter is set; Caută and Resetează call back', () => {
    const onSearch = jest.fn();
    const onReset = jest.fn();
    render(<Panel applied onSearch={onSearch} onReset={onReset} />);
    fireEvent.click(screen.getByRole('button', { name: 'Caută' }));
    fireEvent.click(screen.getByRole('button', { name: 'Resetează' }));
    expect([onSearch.mock.calls.length, onReset.mock.calls.length]).toEqual([1, 1]);
  });
});

describe('edit user modal', () => {
  const user = userRow(7, { Name: 'Ana Pop', Email: 'ana@exemplu.ro' });

  beforeEach(() => {
    jest.clearAllMocks();
    api.getUser.mockResolvedValue({ ...user, UserName: 'Ana Pop' });
  });

  it('validates with the shared schema before calling the server', async () => {
    render(<EditUserDialog user={user} onClose={jest.fn()} onSaved={jest.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Modifică utilizatorul' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Nume utilizator'), { target: { value: 'ab' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'nu-e-email' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Salvează' })));
    expect(await screen.findByText('Acest câmp trebuie să fie mai mare de 3 caractere.')).toBeInTheDocument();
    expect(screen.getByText('Acest câmp trebuie să fie un e-mail valid.')).toBeInTheDocument();
    expect(api.updateUser).not.toHaveBeenCalled();
  });

  it('shows a 409 under the field it names; a success shows the toast and reports back', async () => {
    const onSaved = jest.fn();
    render(<EditUserDialog user={user} onClose={jest.fn()} onSaved={onSaved} />);
    await waitFor(() => expect(api.getUser).toHaveBeenCalledWith(7));
    api.updateUser.mockRejectedValueOnce(
      new ApiError(409, { Message: 'Acest nume de utilizator este deja folosit.', Code: 'CONFLICT', Errors: { UserName: ['Acest nume de utilizator este deja folosit.'] } }),
    );
    fireEvent.change(screen.getByLabelText('Nume utilizator'), { target: { value: 'Ion Ionescu' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Salvează' })));
    const field = screen.getByLabelText('Nume utilizator');
    expect(await screen.findByText('Acest nume de utilizator este deja folosit.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onSaved).not.toHaveBeenCalled();

    api.updateUser.mockResolvedValueOnce({ ...user, Name: 'Ion Popescu', UserName: 'Ion Popescu' });
    fireEvent.change(field, { target: { value: 'Ion Popescu' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Salvează' })));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.updateUser).toHaveBeenLastCalledWith({ Id: 7, UserName: 'Ion Popescu', Email: 'ana@exemplu.ro' });
    expect(showSuccessToast).toHaveBeenCalledWith('Utilizatorul a fost modificat cu succes!');
  });
});
