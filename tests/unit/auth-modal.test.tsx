/** @jest-environment jsdom */
// The login/register modal: closing resets the forms for the next opening, and a quick reopen
// never wipes what is typed after it (the reset happens when the modal opens, not on a timer).
import * as React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { AuthModal } from '@/components/auth/auth-modal';

jest.mock('@/components/auth/external-providers', () => ({ ExternalProviderButtons: () => null }));

function Harness() {
  const [open, setOpen] = React.useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        deschide
      </button>
      <AuthModal open={open} tab="login" onTabChange={() => {}} onClose={() => setOpen(false)} onSignedIn={async () => {}} />
    </>
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a closed and reopened modal starts with empty fields', () => {
  render(<Harness />);
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@exemplu.ro' } });
  fireEvent.keyDown(screen.getByLabelText('E-mail'), { key: 'Escape' });
  act(() => jest.advanceTimersByTime(1000));
  fireEvent.click(screen.getByRole('button', { name: 'deschide', hidden: true }));
  expect(screen.getByLabelText('E-mail')).toHaveValue('');
});

test('what is typed right after a quick reopen stays (no late reset)', () => {
  render(<Harness />);
  fireEvent.keyDown(screen.getByLabelText('E-mail'), { key: 'Escape' });
  fireEvent.click(screen.getByRole('button', { name: 'deschide', hidden: true }));
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ion@exemplu.ro' } });
  act(() => jest.advanceTimersByTime(1000));
  expect(screen.getByLabelText('E-mail')).toHaveValue('ion@exemplu.ro');
});
