/** @jest-environment jsdom */
// Client components of the groups area with Testing Library (the API calls are stubbed).
import * as React from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import '@testing-library/jest-dom';

const updateRange = jest.fn();
jest.mock('@/lib/groups/client', () => {
  const actual = jest.requireActual('@/lib/groups/client');
  return {
    ...actual,
    groupsApi: {
      getGroupsForEdit: jest.fn(async () => [
        { Id: 1, Name: 'Clienți noi', CompaniesNumber: 4, IsOwner: true },
        { Id: 2, Name: 'Parteneri', CompaniesNumber: 0, IsOwner: false },
      ]),
      updateRange: (...args: unknown[]) => updateRange(...args),
      getPermisions: jest.fn(async () => [
        { Id: 'View', Name: 'Vizualizare' },
        { Id: 'Edit', Name: 'Editare' },
      ]),
      getGroupMembers: jest.fn(async () => [
        { Id: 10, UserName: 'ana', Access: 'Edit', IsOwner: true },
        { Id: 11, UserName: 'mihai', Access: 'View', IsOwner: false },
      ]),
    },
  };
});
const warnings: string[] = [];
const successes: string[] = [];
jest.mock('@/components/layout/toaster', () => ({
  toast: { warning: (m: string) => warnings.push(m), info: jest.fn() },
  showSuccessToast: (m: string) => successes.push(m),
  showErrorToast: jest.fn(),
}));

import { GroupsAdminDialog } from '@/components/groups/groups-admin-dialog';
import { InviteDialog } from '@/components/groups/invite-dialog';

describe('invite modal of the Grupuri page', () => {
  it('lists the members with their access under the invitation form (spec 002 §2.2 "invite/members")', async () => {
    render(<InviteDialog group={{ Id: 3, Name: 'Clienți noi' }} onOpenChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    const members = await screen.findByRole('list', { name: 'Membri' });
    expect(members).toHaveTextContent('ana');
    expect(members).toHaveTextContent('Autor');
    expect(members).toHaveTextContent('mihai');
    expect(screen.getByRole('combobox', { name: 'Acces pentru mihai' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Elimină pe mihai din grup' })).toBeInTheDocument();
    // Spec 002 §9: the area's modals are 750 px wide (full width below 640 px).
    expect(screen.getByRole('dialog')).toHaveClass('sm:max-w-[750px]');
  });
});

describe('group administration modal', () => {
  beforeEach(() => {
    updateRange.mockReset();
    warnings.length = 0;
    successes.length = 0;
  });

  it('warns and sends nothing when nothing changed', async () => {
    render(<GroupsAdminDialog open onOpenChange={() => {}} onChanged={() => {}} />);
    await screen.findByDisplayValue('Clienți noi');
    fireEvent.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(warnings).toEqual(['Nu sunt modificări noi pentru actualizare!']));
    expect(updateRange).not.toHaveBeenCalled();
  });

  it('highlights a changed name and sends only the changed rows, without counts', async () => {
    updateRange.mockResolvedValue(undefined);
    const onChanged = jest.fn();
    render(<GroupsAdminDialog open onOpenChange={() => {}} onChanged={onChanged} />);
    const input = await screen.findByDisplayValue('Parteneri');
    fireEvent.change(input, { target: { value: 'Parteneri vechi' } });
    await waitFor(() => expect(input).toHaveAttribute('data-changed', 'true'));
    expect(screen.getByDisplayValue('Clienți noi')).not.toHaveAttribute('data-changed');
    fireEvent.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(updateRange).toHaveBeenCalledWith([{ Id: 2, Name: 'Parteneri vechi' }]));
    expect(successes).toEqual(['Grupurile au fost modificate cu succes!']);
    expect(onChanged).toHaveBeenCalled();
  });

  it('offers delete only on the groups the user owns (an editor only renames)', async () => {
    render(<GroupsAdminDialog open onOpenChange={() => {}} onChanged={() => {}} />);
    await screen.findByDisplayValue('Parteneri');
    expect(screen.getByRole('button', { name: 'Șterge grupul Clienți noi' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Șterge grupul Parteneri' })).toBeNull();
  });

  it('shows the name rules of the shared schema under the row', async () => {
    render(<GroupsAdminDialog open onOpenChange={() => {}} onChanged={() => {}} />);
    const input = await screen.findByDisplayValue('Parteneri');
    fireEvent.change(input, { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvează' }));
    expect(await screen.findByText('Acest câmp trebuie să fie mai mare de 3 caractere.')).toBeInTheDocument();
    expect(updateRange).not.toHaveBeenCalled();
  });
});
