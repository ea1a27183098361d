/** @jest-environment jsdom */
// The group invitation dialog: the access levels arrive after it opens (getPermisions), and their
// late answer must not wipe what the user typed meanwhile (it reset the whole form: a fast user,
// or a slow answer, sent an empty address and got "Acest câmp este necesar.").
import * as React from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Permission } from '@/lib/groups/types';

let answerLevels: (l: Permission[]) => void = () => {};
const invite = jest.fn();
jest.mock('@/lib/groups/client', () => {
  const actual = jest.requireActual('@/lib/groups/client');
  return {
    ...actual,
    groupsApi: {
      getPermisions: jest.fn(() => new Promise<Permission[]>((resolve) => (answerLevels = resolve))),
      invite: (...args: unknown[]) => invite(...args),
      // The dialog lists the group's members under the form (spec 002).
      getGroupMembers: jest.fn(() => Promise.resolve([])),
    },
  };
});
jest.mock('@/components/layout/toaster', () => ({ showSuccessToast: jest.fn(), showErrorToast: jest.fn() }));

import { InviteDialog } from '@/components/groups/invite-dialog';

const LEVELS: Permission[] = [
  { Id: 'View', Name: 'Vizualizare' },
  { Id: 'Edit', Name: 'Editare' },
];

it('keeps the address typed before the access levels arrived, and sends it with the default level', async () => {
  invite.mockResolvedValue({ Message: 'ok' });
  const onOpenChange = jest.fn();
  render(<InviteDialog group={{ Id: 5, Name: 'Clienți' }} onOpenChange={onOpenChange} />);
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@exemplu.ro' } });
  await act(async () => answerLevels(LEVELS));
  expect(screen.getByLabelText('Email')).toHaveValue('ana@exemplu.ro');
  fireEvent.click(screen.getByRole('button', { name: 'Trimite invitația' }));
  await waitFor(() => expect(invite).toHaveBeenCalledWith({ Email: 'ana@exemplu.ro', GroupId: 5, Access: 'View' }));
  expect(screen.queryByText('Acest câmp este necesar.')).toBeNull();
  expect(onOpenChange).toHaveBeenCalledWith(false);
});

it('opens empty for the next group', async () => {
  const { rerender } = render(<InviteDialog group={{ Id: 5, Name: 'Clienți' }} onOpenChange={jest.fn()} />);
  await act(async () => answerLevels(LEVELS));
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@exemplu.ro' } });
  rerender(<InviteDialog group={null} onOpenChange={jest.fn()} />);
  rerender(<InviteDialog group={{ Id: 6, Name: 'Parteneri' }} onOpenChange={jest.fn()} />);
  await act(async () => answerLevels(LEVELS));
  expect(screen.getByLabelText('Email')).toHaveValue('');
});
